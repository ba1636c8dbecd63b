// One echarts part per file, loaded by echarts.ts only for a chart that draws it.
import { LineChart } from 'echarts/charts';
import { use } from 'echarts/core';

use([LineChart]);
