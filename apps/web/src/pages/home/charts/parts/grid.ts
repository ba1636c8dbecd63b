// One echarts part per file, loaded by echarts.ts only for a chart that draws it: the x/y axes of bars and lines.
import { GridComponent } from 'echarts/components';
import { use } from 'echarts/core';

use([GridComponent]);
