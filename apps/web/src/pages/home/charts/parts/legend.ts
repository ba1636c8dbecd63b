// One echarts part per file, loaded by echarts.ts only for a chart that draws it.
import { LegendComponent } from 'echarts/components';
import { use } from 'echarts/core';

use([LegendComponent]);
