import { useEffect, useState } from 'react';
import { loadChunk } from '../../../app/chunkReload.ts';

type ChartOptions = typeof import('./chartOptions.ts');
let loaded: ChartOptions | undefined;

/**
 * useChartOptions is the module that turns the home's figures into chart options, loaded after the home's first
 * render (undefined until then): the charts draw later anyway (LazyChart), and its 1.4 KB counted against
 * /console's first-render JS budget (180 KB).
 */
export function useChartOptions(): ChartOptions | undefined {
  const [options, setOptions] = useState(loaded);
  useEffect(() => {
    if (!options) void loadChunk(() => import('./chartOptions.ts')).then((m) => setOptions((loaded = m)));
  }, [options]);
  return options;
}
