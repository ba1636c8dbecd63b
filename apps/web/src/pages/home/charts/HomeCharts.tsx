import type { DeviceOverview, HomeClerkItem } from '@lease/shared';
import { Col, Empty, Row } from 'antd';
import { useMemo } from 'react';
import { Panel } from '../../../components/Panel.tsx';
import { activityOption, clerkQuotaOption, enrolmentOption, lockOption, statusOption } from './chartOptions.ts';
import { EChart } from './EChart.tsx';

interface HomeChartsProps {
  overview: DeviceOverview;
  clerks: HomeClerkItem[] | undefined;
}

/** HomeCharts is the home's chart section, a lazy chunk with echarts so the console's first load stays small. */
export default function HomeCharts({ overview, clerks }: HomeChartsProps) {
  const options = useMemo(
    () => ({
      status: statusOption(overview),
      lock: lockOption(overview),
      activity: activityOption(overview),
      enrolment: enrolmentOption(overview),
    }),
    [overview],
  );
  const quota = useMemo(() => (clerks?.length ? clerkQuotaOption(clerks) : null), [clerks]);
  const half = { xs: 24, xl: 12 };

  return (
    <Row gutter={[16, 16]}>
      <Col {...half}>
        <Panel title="设备状态">
          <EChart option={options.status} height={220} label="按平台和接入状态统计的设备数" />
        </Panel>
      </Col>
      <Col {...half}>
        <Panel title="锁定状态">
          <EChart option={options.lock} height={220} label="已锁定与未锁定的设备数" />
        </Panel>
      </Col>
      <Col {...half}>
        <Panel title="在线情况（距最后活跃）">
          <EChart option={options.activity} height={240} label="按最后活跃时间划分的在线和离线设备数" />
        </Panel>
      </Col>
      <Col {...half}>
        <Panel title="近 30 天登记设备">
          <EChart option={options.enrolment} height={240} label="近 30 天每天登记的设备数" />
        </Panel>
      </Col>
      <Col span={24}>
        <Panel title="店员额度使用">
          {quota && clerks ? (
            <EChart option={quota} height={Math.max(160, 48 + clerks.length * 40)} label="每位店员的名下设备数和额度使用" />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无店员数据" />
          )}
        </Panel>
      </Col>
    </Row>
  );
}
