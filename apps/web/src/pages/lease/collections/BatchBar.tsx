import type { LeasePlanItem } from '@lease/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Modal } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { batchPlans, leaseKeys, type LeaseBatchResult } from '../../../api/lease.ts';
import { feedback } from '../../../app/feedback.ts';

type BatchAction = 'remind' | 'lock';
/** The server takes at most this many plans in one batch (leaseBatchRequest). */
const MAX_BATCH = 200;
const ACTION_TEXT: Record<BatchAction, string> = { remind: '发送提醒', lock: '锁定' };

interface BatchBarProps {
  selected: string[];
  /** The rows on screen, to name a failed plan by its phone. */
  rows: LeasePlanItem[];
  onClear: () => void;
}

/** batchOutcome says what a batch did, naming each plan that failed by its phone where the list shows it. */
export function batchOutcome(action: BatchAction, result: LeaseBatchResult, rows: LeasePlanItem[]) {
  const names = new Map(rows.map((r) => [r.id, `${r.device_label} ${r.serial_number}`.trim()]));
  return {
    summary: `${ACTION_TEXT[action]}：成功 ${result.done} 个${result.failed.length ? `，失败 ${result.failed.length} 个` : ''}`,
    failures: result.failed.map((f) => `${names.get(f.plan_id) ?? f.plan_id}：${f.message}`),
  };
}

/** BatchBar acts on the ticked plans: remind or lock them all, after a confirmation that counts them. */
export function BatchBar({ selected, rows, onClear }: BatchBarProps) {
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: (action: BatchAction) => batchPlans({ plan_ids: selected, action }),
    onSuccess: async (result, action) => {
      const outcome = batchOutcome(action, result, rows);
      if (outcome.failures.length)
        Modal.warning({
          title: outcome.summary,
          content: (
            <ul style={{ paddingInlineStart: 18, margin: 0 }}>
              {outcome.failures.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          ),
          okText: '知道了',
        });
      else feedback.message.success(outcome.summary);
      onClear();
      await queryClient.invalidateQueries({ queryKey: leaseKeys.all });
    },
  });
  const tooMany = selected.length > MAX_BATCH;
  const confirm = (action: BatchAction) =>
    Modal.confirm({
      title: `批量${ACTION_TEXT[action]}`,
      content:
        action === 'lock'
          ? `将锁定已选的 ${selected.length} 台设备，租机人将无法使用，确定锁定？`
          : `将给已选的 ${selected.length} 个计划的租机人发送还款提醒，确定发送？`,
      okText: `确定${ACTION_TEXT[action]}`,
      cancelText: '取消',
      okButtonProps: { danger: action === 'lock' },
      onOk: () => run.mutateAsync(action),
    });
  return (
    <Flex align="center" gap={12} wrap>
      <Typography.Text type={tooMany ? 'danger' : undefined}>
        已选择 {selected.length} 个计划{tooMany ? `，一次最多 ${MAX_BATCH} 个` : ''}
      </Typography.Text>
      <Button disabled={tooMany} loading={run.isPending && run.variables === 'remind'} onClick={() => confirm('remind')}>
        批量发送提醒
      </Button>
      <Button danger disabled={tooMany} loading={run.isPending && run.variables === 'lock'} onClick={() => confirm('lock')}>
        批量锁定
      </Button>
      <Button type="link" onClick={onClear}>
        取消选择
      </Button>
    </Flex>
  );
}
