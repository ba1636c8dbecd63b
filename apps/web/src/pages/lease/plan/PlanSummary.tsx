import { formatFen, leasePeriodLabel, type LeasePlanDetail } from '@lease/shared';
import { Descriptions } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { formatDateTime } from '../../../lib/time.ts';
import { LeaseStatusTag } from './LeaseStatusTag.tsx';

const scheduleText = (p: LeasePlanDetail) =>
  `${leasePeriodLabel[p.period]}${p.period === 'monthly' && p.day_of_month ? ` ${p.day_of_month} 日` : ''} · ${formatFen(p.amount_fen)} × ${p.periods} 期`;

/** PlanSummary is where a plan stands: status, what is paid, what is due and owed, and the last contact. */
export function PlanSummary({ plan: p }: { plan: LeasePlanDetail }) {
  const owed = p.amount_overdue_fen > 0;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        { key: 'status', label: '状态', children: <LeaseStatusTag plan={p} /> },
        { key: 'periods', label: '已还期数', children: `${p.paid_periods} / ${p.periods} 期` },
        { key: 'paid', label: '已还金额', children: `${formatFen(p.paid_fen)} / ${formatFen(p.total_fen)}` },
        { key: 'through', label: '已还至', children: p.paid_through ?? '—' },
        { key: 'next', label: '下期还款日', children: p.next_due_date ?? '—' },
        {
          key: 'owed',
          label: '逾期',
          children: owed ? (
            <Typography.Text type="danger">
              {formatFen(p.amount_overdue_fen)}，{p.days_overdue} 天
            </Typography.Text>
          ) : (
            '无'
          ),
        },
        { key: 'promise', label: '承诺还款', children: p.promise_until ? `${p.promise_until} 前` : '—' },
        { key: 'schedule', label: '还款方式', children: scheduleText(p) },
        { key: 'deposit', label: '押金', children: formatFen(p.deposit_fen) },
        { key: 'grace', label: '宽限天数', children: `${p.grace_days} 天` },
        { key: 'reminder', label: '最近提醒', children: formatDateTime(p.last_reminder_at) },
        {
          key: 'contact',
          label: '最近联系',
          children: p.last_contact_at ? `${formatDateTime(p.last_contact_at)} ${p.last_contact_note}` : '—',
        },
        ...(p.remark ? [{ key: 'remark', label: '备注', children: p.remark }] : []),
      ]}
    />
  );
}
