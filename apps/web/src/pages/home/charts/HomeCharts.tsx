import type { DeviceOverview, HomeClerkItem } from '@lease/shared';
import { theme } from 'antd';
import { useMemo } from 'react';
import { Panel } from '../../../components/Panel.tsx';
import { LazyChart } from './LazyChart.tsx';
import { useChartOptions } from './useChartOptions.ts';

interface HomeChartsProps {
  overview: DeviceOverview;
  clerks: HomeClerkItem[] | undefined;
}

/** Two charts a row on a wide screen, one on a phone. */
const grid = { display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 480px), 1fr))' } as const;

/**
 * HomeCharts is the home's chart section. Its panels render with the figures, each holding its chart's
 * height; echarts itself arrives after (LazyChart), so the console's first load stays small and still.
 */
export default function HomeCharts({ overview, clerks }: HomeChartsProps) {
  const { token } = theme.useToken();
  const charts = useChartOptions();
  const options = useMemo(
    () =>
      charts && {
        status: charts.statusOption(overview),
        lock: charts.lockOption(overview),
        activity: charts.activityOption(overview),
        enrolment: charts.enrolmentOption(overview),
      },
    [charts, overview],
  );
  const quota = useMemo(() => (charts && clerks?.length ? charts.clerkQuotaOption(clerks) : undefined), [charts, clerks]);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <div style={grid}>
        <Panel title="设备状态">
          <LazyChart option={options?.status} height={220} label="按平台和接入状态统计的设备数" />
        </Panel>
        <Panel title="锁定状态">
          <LazyChart option={options?.lock} height={220} label="已锁定与未锁定的设备数" />
        </Panel>
        <Panel title="在线情况（距最后活跃）">
          <LazyChart option={options?.activity} height={240} label="按最后活跃时间划分的在线和离线设备数" />
        </Panel>
        <Panel title="近 30 天登记设备">
          <LazyChart option={options?.enrolment} height={240} label="近 30 天每天登记的设备数" />
        </Panel>
      </div>
      <Panel title="店员额度使用">
        {clerks?.length ? (
          <LazyChart option={quota} height={Math.max(160, 48 + clerks.length * 40)} label="每位店员的名下设备数和额度使用" />
        ) : (
          <div style={{ padding: '24px 0', textAlign: 'center', color: token.colorTextSecondary }}>暂无店员数据</div>
        )}
      </Panel>
    </div>
  );
}
