// One echarts part per file, loaded by echarts.ts only for a chart that draws it.
import { TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';

use([TooltipComponent]);
