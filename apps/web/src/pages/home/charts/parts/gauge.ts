// One echarts part per file, loaded by echarts.ts only for a chart that draws it.
import { GaugeChart } from 'echarts/charts';
import { use } from 'echarts/core';

use([GaugeChart]);
