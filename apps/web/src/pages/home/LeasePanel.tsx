import { formatFen } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, theme } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { leaseSummaryQuery } from '../../api/lease.ts';
import { Panel } from '../../components/Panel.tsx';
import { leaseWeeklyOption } from './charts/chartOptions.ts';
import { LazyChart } from './charts/LazyChart.tsx';

/** LeasePanel is the home's lease figures: what is overdue and locked, this month's collections, and a column per week. */
export function LeasePanel({ collectionsPath }: { collectionsPath?: string }) {
  const { token } = theme.useToken();
  const summary = useQuery(leaseSummaryQuery);
  const d = summary.data;
  const option = useMemo(() => (d ? leaseWeeklyOption(d.weekly, formatFen) : null), [d]);
  const figure = (label: string, value: string, danger = false) => (
    <div key={label} style={{ minWidth: 0 }}>
      <div style={{ fontSize: 12, color: token.colorTextSecondary }}>{label}</div>
      <div style={{ fontSize: 20, fontWeight: 600, color: danger ? token.colorError : token.colorText, overflowWrap: 'anywhere' }}>{value}</div>
    </div>
  );
  return (
    <Panel title="分期收款" extra={collectionsPath && <Link to={collectionsPath}>前往催收</Link>} style={{ height: '100%' }}>
      {!d || !option ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <>
          <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))', marginBottom: 16 }}>
            {figure('逾期台数', `${d.overdue_count} 台`, d.overdue_count > 0)}
            {figure('逾期金额', formatFen(d.overdue_fen), d.overdue_fen > 0)}
            {figure('已欠费锁定', `${d.locked_count} 台`)}
            {figure('本月已收', formatFen(d.collected_this_month_fen))}
          </div>
          <LazyChart option={option} height={200} label="近 12 周每周收款金额" />
        </>
      )}
    </Panel>
  );
}
