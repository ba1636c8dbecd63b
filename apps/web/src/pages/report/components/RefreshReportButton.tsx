import type { ReportListItem } from '@lease/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { homeKeys } from '../../../api/home.ts';
import { refreshReport, reportHelperQuery, reportKeys } from '../../../api/report.ts';
import { feedback } from '../../../app/feedback.ts';
import { newIdempotencyKey } from '../../../lib/uuid.ts';
import { canRefresh, priceOf, yuan } from '../reportView.ts';

interface Props {
  report: Pick<ReportListItem, 'id' | 'name' | 'level' | 'status'>;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
}

/**
 * RefreshReportButton queries a report again after saying what it costs; the key of one confirmation makes a
 * double click one charge. A failure is refunded by the server and lands in the abnormal list.
 */
export function RefreshReportButton({ report, size = 'small', type = 'link' }: Props) {
  const queryClient = useQueryClient();
  const helper = useQuery(reportHelperQuery);
  const [key, setKey] = useState(newIdempotencyKey);
  const price = report.level === 'professional' ? null : priceOf(helper.data, report.level);
  const refresh = useMutation({
    mutationFn: () => refreshReport({ id: report.id, idempotency_key: key }),
    onSuccess: async (r) => {
      setKey(newIdempotencyKey());
      await Promise.all([queryClient.invalidateQueries({ queryKey: reportKeys.all }), queryClient.invalidateQueries({ queryKey: homeKeys.all })]);
      if (r.status === 'failed') feedback.message.warning(`刷新失败，费用已退回：${r.failure_reason ?? '数据源无结果'}`);
      else feedback.message.success('报告已刷新');
    },
  });
  return (
    <Popconfirm
      title="刷新报告"
      description={`将重新查询 ${report.name} 的信用数据${price === null ? '' : `，扣费 ${yuan(price)}`}。`}
      okText="刷新"
      cancelText="取消"
      disabled={!canRefresh(report) || price === null}
      // A failed call was already toasted by the request client.
      onConfirm={() => refresh.mutateAsync().catch(() => undefined)}
    >
      <Button type={type} size={size} loading={refresh.isPending} disabled={!canRefresh(report) || price === null}>
        {report.status === 'pending' ? '查询中' : '刷新'}
      </Button>
    </Popconfirm>
  );
}
