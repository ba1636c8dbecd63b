import type { LeasePlanItem } from '@lease/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space } from 'antd';
import { deviceKey, leaseKeys, lockPlan, remindPlan } from '../../../api/lease.ts';
import { feedback } from '../../../app/feedback.ts';
import type { PlanDialogKind } from '../plan/PlanDialog.tsx';
import { mayLockForArrears, mayRemind, type PlanAbilities } from '../plan/leaseView.ts';

interface RowActionsProps {
  plan: LeasePlanItem;
  can: PlanAbilities;
  onDialog: (kind: PlanDialogKind) => void;
}

/** RowActions are one plan's actions in the list: remind, lock, record a payment, a promise or a contact. */
export function RowActions({ plan, can, onDialog }: RowActionsProps) {
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: (action: 'remind' | 'lock') => (action === 'remind' ? remindPlan(plan.id) : lockPlan(plan.id)),
    onSuccess: async (_answer, action) => {
      feedback.message.success(action === 'remind' ? '提醒已发送' : '锁定指令已下发，设备上线后执行');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leaseKeys.all }),
        queryClient.invalidateQueries({ queryKey: deviceKey(plan.platform, plan.device_id) }),
      ]);
    },
  });
  const busy = act.isPending ? act.variables : null;
  return (
    <Space size={0} wrap>
      {can.pay && plan.status !== 'paid_off' && (
        <Button type="link" size="small" onClick={() => onDialog('payment')}>
          登记还款
        </Button>
      )}
      {can.collect && (
        <>
          <Button type="link" size="small" disabled={!mayRemind(plan)} loading={busy === 'remind'} onClick={() => act.mutate('remind')}>
            发送提醒
          </Button>
          <Popconfirm
            title="锁定设备"
            description="锁定后租机人无法使用设备，还清欠款后按门店策略解锁。确定锁定？"
            okText="锁定"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            onConfirm={() => act.mutate('lock')}
            disabled={!mayLockForArrears(plan)}
          >
            <Button type="link" size="small" danger disabled={!mayLockForArrears(plan)} loading={busy === 'lock'}>
              锁定
            </Button>
          </Popconfirm>
          {plan.status !== 'paid_off' && (
            <Button type="link" size="small" onClick={() => onDialog('promise')}>
              承诺还款
            </Button>
          )}
          <Button type="link" size="small" onClick={() => onDialog('contact')}>
            联系记录
          </Button>
        </>
      )}
    </Space>
  );
}
