import { OperationStatus, operationStatusLabel, type OperationLogItem } from '@lease/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Tag, type TableColumnType } from 'antd';
import { Typography } from '../../../../../components/typography/Typography.tsx';
import { useEffect, useRef, useState } from 'react';
import { cancelScheduledLock, iosKeys, operationLogQuery } from '../../../../../api/iosDevice.ts';
import { feedback } from '../../../../../app/feedback.ts';
import { tablePagination } from '../../../../../components/pagination.ts';
import { ResponsiveTable } from '../../../../../components/ResponsiveTable.tsx';
import { formatDateTime } from '../../../../../lib/time.ts';
import { operationStatusColor } from '../../../../security/operation-log/operationStatus.ts';

/** isWaiting: the row waits on the phone, so the tab polls until it settles. */
export const isWaiting = (row: Pick<OperationLogItem, 'status'>) => row.status === OperationStatus.QUEUED || row.status === OperationStatus.SENT;

export const POLL_MS = 3000;

interface OperationLogTabProps {
  deviceId: string;
  canCancel: boolean;
  /** The platform's device log; Apple's by default. */
  logQuery?: typeof operationLogQuery;
  /** Called when a waiting command settles: the device's own state has changed too. Apple's detail by default. */
  onSettled?: () => void;
}

/** OperationLogTab lists what was done to the device, live while commands wait on the phone (3 s polling). */
export function OperationLogTab({ deviceId, canCancel, logQuery = operationLogQuery, onSettled }: OperationLogTabProps) {
  const [page, setPage] = useState({ num: 0, size: 10 });
  const queryClient = useQueryClient();
  const log = useQuery({
    ...logQuery(deviceId, page.num, page.size),
    refetchInterval: (q) => (q.state.data?.list.some(isWaiting) ? POLL_MS : false),
  });
  const cancel = useMutation({
    mutationFn: cancelScheduledLock,
    onSuccess: async () => {
      feedback.message.success('预约锁定已取消');
      await queryClient.invalidateQueries({ queryKey: iosKeys.all });
    },
  });

  // When a waiting command settles, the device's own state (lock tag, facts) has changed too.
  const waiting = log.data?.list.filter(isWaiting).length ?? 0;
  const before = useRef(waiting);
  useEffect(() => {
    if (waiting < before.current) {
      if (onSettled) onSettled();
      else void queryClient.invalidateQueries({ queryKey: [...iosKeys.device(deviceId), 'detail'] });
    }
    before.current = waiting;
  }, [waiting, deviceId, queryClient, onSettled]);

  const columns: TableColumnType<OperationLogItem>[] = [
    { title: '操作内容', key: 'action', dataIndex: 'action_label', width: 140 },
    {
      title: '状态',
      key: 'status',
      width: 84,
      render: (_, r) => <Tag color={operationStatusColor(r.status)}>{operationStatusLabel[r.status as OperationStatus] ?? r.status}</Tag>,
    },
    { title: '结果', dataIndex: 'result', render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text> },
    { title: '操作人', key: 'clerk', width: 96, render: (_, r) => r.clerk_name ?? (r.detail.by === 'hirer' ? '租机人' : '系统') },
    {
      title: '时间',
      key: 'time',
      width: 190,
      render: (_, r) => (
        <Typography.Text style={{ fontSize: 12 }}>
          创建 {formatDateTime(r.date_created)}
          <br />
          {r.scheduled_at ? `预约 ${formatDateTime(r.scheduled_at)}` : `更新 ${formatDateTime(r.date_updated)}`}
        </Typography.Text>
      ),
    },
  ];
  if (canCancel && log.data?.list.some((r) => r.status === OperationStatus.SCHEDULED)) {
    columns.push({
      title: '操作',
      key: 'actions',
      width: 96,
      render: (_, r) =>
        r.status === OperationStatus.SCHEDULED && r.action === 'lock' ? (
          <Popconfirm title="取消这次预约锁定？" okText="取消预约" cancelText="不取消" onConfirm={() => cancel.mutateAsync(r.id)}>
            <Button type="link" size="small" danger>
              取消预约
            </Button>
          </Popconfirm>
        ) : null,
    });
  }

  return (
    <ResponsiveTable<OperationLogItem>
      rowKey="id"
      size="small"
      columns={columns}
      // On a phone each operation is a card: what was done as its title, the undo of a scheduled lock as its footer.
      card={{ title: 'action', actions: 'actions' }}
      label="操作记录"
      dataSource={log.data?.list}
      loading={log.isLoading}
      locale={{ emptyText: '暂无操作记录' }}
      pagination={tablePagination({ pageNum: page.num, pageSize: page.size, total: log.data?.total ?? 0, onChange: (num, size) => setPage({ num, size }) })}
    />
  );
}
