import type { LeasePlanItem } from '@lease/shared';
import { Space, Tag } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { dayjs } from '../../../lib/time.ts';
import { leaseStatusTag } from './leaseView.ts';

/** LeaseStatusTag is a plan's status as a coloured tag, with a running promise beside it. */
export function LeaseStatusTag({ plan }: { plan: Pick<LeasePlanItem, 'status' | 'promise_until'> }) {
  const view = leaseStatusTag(plan, dayjs().format('YYYY-MM-DD'));
  return (
    <Space size={4} wrap>
      <Tag color={view.color} style={{ marginInlineEnd: 0 }}>
        {view.label}
      </Tag>
      {view.note && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {view.note}
        </Typography.Text>
      )}
    </Space>
  );
}
