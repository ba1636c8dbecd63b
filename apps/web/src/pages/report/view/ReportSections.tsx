import type { CourtCase, ReportSections as Sections } from '@lease/shared';
import { Descriptions, Empty, Flex, Spin, Table } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { lazy, Suspense, type ReactNode } from 'react';
import { Panel } from '../../../components/Panel.tsx';
import { YesNo } from '../../../components/YesNo.tsx';
import { yuan } from '../reportView.ts';

const charts = () => import('./charts/ReportCharts.tsx');
const MultiLenderChart = lazy(() => charts().then((m) => ({ default: m.MultiLenderChart })));
const OverdueChart = lazy(() => charts().then((m) => ({ default: m.OverdueChart })));

export const ChartSlot = ({ children, height = 200 }: { children: ReactNode; height?: number }) => (
  <Suspense
    fallback={
      <Flex align="center" justify="center" style={{ height }}>
        <Spin />
      </Flex>
    }
  >
    {children}
  </Suspense>
);

const caseColumns = [
  { title: '案号', dataIndex: 'case_no', width: 200 },
  { title: '法院', dataIndex: 'court', width: 180 },
  { title: '立案日期', dataIndex: 'date', width: 110 },
  { title: '标的金额', dataIndex: 'amount_fen', width: 120, render: (v: number) => yuan(v) },
  { title: '状态', dataIndex: 'status', width: 100 },
];

function Cases({ title, rows }: { title: string; rows: CourtCase[] }) {
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>
        {title}（{rows.length} 条）
      </Typography.Text>
      {rows.length ? (
        <Table<CourtCase> rowKey="case_no" size="small" pagination={false} columns={caseColumns} dataSource={rows} scroll={{ x: 700 }} />
      ) : (
        <Typography.Text type="success">无记录</Typography.Text>
      )}
    </Flex>
  );
}

const responsive = { xs: 1, sm: 2, lg: 3 } as const;

/** ReportSectionList is the body of a credit report: identity, borrowing, court, overdue and phone sections. */
export function ReportSectionList({ sections: s }: { sections: Sections }) {
  return (
    <>
      <Panel title="一、身份核验">
        <Descriptions
          column={responsive}
          size="small"
          items={[
            { key: 'id', label: '姓名与身份证号', children: <YesNo ok={s.identity.name_id_match} yes="一致" no="不一致" /> },
            { key: 'phone', label: '手机号实名', children: <YesNo ok={s.identity.phone_name_match} yes="本人实名" no="非本人实名" /> },
            { key: 'carrier', label: '运营商', children: s.identity.carrier || '—' },
            { key: 'tenure', label: '手机在网时长', children: `${s.phone_tenure.months} 个月（${s.phone_tenure.status}）` },
            { key: 'summary', label: '核验结论', children: s.identity.summary, span: 'filled' },
          ]}
        />
      </Panel>

      {s.multi_lender && (
        <Panel title="二、多头借贷">
          <Flex vertical gap={12}>
            <Descriptions
              column={responsive}
              size="small"
              items={[
                { key: '7', label: '近 7 天申请机构数', children: s.multi_lender.institutions_7d },
                { key: '30', label: '近 30 天申请机构数', children: s.multi_lender.institutions_30d },
                { key: '90', label: '近 90 天申请机构数', children: s.multi_lender.institutions_90d },
                { key: 'a30', label: '近 30 天申请次数', children: s.multi_lender.applications_30d },
                { key: 'a90', label: '近 90 天申请次数', children: s.multi_lender.applications_90d },
              ]}
            />
            {s.multi_lender.by_type.length ? (
              <ChartSlot>
                <MultiLenderChart data={s.multi_lender} />
              </ChartSlot>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="近期无借贷申请" />
            )}
          </Flex>
        </Panel>
      )}

      <Panel title={s.multi_lender ? '三、法院执行与失信' : '二、法院执行与失信'}>
        <Flex vertical gap={16}>
          <Cases title="被执行人记录" rows={s.court.enforcement} />
          <Cases title="失信被执行人记录" rows={s.court.dishonest} />
        </Flex>
      </Panel>

      {s.overdue && (
        <Panel title="四、逾期记录">
          <Flex vertical gap={12}>
            <Descriptions
              column={responsive}
              size="small"
              items={[
                { key: 'n', label: '近 12 个月逾期次数', children: s.overdue.count_12m },
                { key: 'd', label: '最长逾期天数', children: `${s.overdue.max_overdue_days} 天` },
                { key: 'a', label: '逾期金额', children: yuan(s.overdue.amount_fen) },
              ]}
            />
            {s.overdue.count_12m > 0 && (
              <ChartSlot>
                <OverdueChart data={s.overdue} />
              </ChartSlot>
            )}
          </Flex>
        </Panel>
      )}
    </>
  );
}
