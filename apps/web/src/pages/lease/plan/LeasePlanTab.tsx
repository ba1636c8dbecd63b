import type { LeasePlanDetail, UserInfo } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Modal, Skeleton, Space, Tabs } from 'antd';
import { Hint } from '../../../components/hint/Hint.tsx';
import { useState } from 'react';
import { cancelPlan, devicePlanQuery, type LeasePlatform } from '../../../api/lease.ts';
import { type PlanDialogKind, PlanDialog } from './PlanDialog.tsx';
import { PlanFormDialog, type PlanFormTarget } from './PlanFormDialog.tsx';
import { PlanSummary } from './PlanSummary.tsx';
import { ActionTable, LedgerTable, ScheduleTable } from './PlanTables.tsx';
import { planAbilities, type PlanAbilities } from './leaseView.ts';
import { usePlanChange } from './usePlanChange.ts';

/** The phone's own release action (Apple 结清释放, Android 解除监管) and whether this clerk may run it now. */
export interface ReleaseAction {
  label: string;
  check: { allowed: boolean; reason?: string };
  onRelease: () => void;
}

export interface LeasePlanTabProps {
  platform: LeasePlatform;
  deviceId: string;
  perms: UserInfo['permission'];
  release: ReleaseAction;
}

/** LeasePlanTab is a phone's 分期计划 tab: create a plan, or follow one (schedule, ledger, automatic steps) and act on it. */
export function LeasePlanTab({ platform, deviceId, perms, release }: LeasePlanTabProps) {
  const plan = useQuery(devicePlanQuery(platform, deviceId));
  const [form, setForm] = useState<PlanFormTarget | null>(null);
  const can = planAbilities(perms);

  if (plan.isPending) return <Skeleton active />;
  if (plan.isError)
    return (
      <Empty description="分期计划加载失败">
        <Button onClick={() => void plan.refetch()}>重试</Button>
      </Empty>
    );
  const p = plan.data.plan;
  return (
    <>
      {p ? (
        <PlanView plan={p} can={can} release={release} onEdit={() => setForm({ kind: 'edit', plan: p })} />
      ) : (
        <Empty description="此设备还没有分期计划">
          {can.edit && (
            <Button type="primary" onClick={() => setForm({ kind: 'create', platform, device_id: deviceId })}>
              创建分期计划
            </Button>
          )}
        </Empty>
      )}
      {form && <PlanFormDialog target={form} onClose={() => setForm(null)} />}
    </>
  );
}

interface PlanViewProps {
  plan: LeasePlanDetail;
  can: PlanAbilities;
  release: ReleaseAction;
  onEdit: () => void;
}

function PlanView({ plan, can, release, onEdit }: PlanViewProps) {
  const [dialog, setDialog] = useState<PlanDialogKind | null>(null);
  const cancel = usePlanChange(plan, () => cancelPlan(plan.id), { done: '分期计划已取消' });
  const confirmCancel = () =>
    Modal.confirm({
      title: '取消分期计划',
      content: '取消后不再提醒、不再因欠费自动锁定，还款记录保留。已因欠费锁定的设备不会自动解锁，请按需手动解锁。确定取消？',
      okText: '取消计划',
      cancelText: '返回',
      okButtonProps: { danger: true },
      onOk: () => cancel.mutateAsync(undefined),
    });
  return (
    <Flex vertical gap={16}>
      {plan.release_offered && (
        <Alert
          type="success"
          showIcon
          title="分期已结清，可一键释放设备"
          description="租机人已还清全部分期，释放后设备脱离管理。"
          action={
            <Hint title={release.check.allowed ? undefined : release.check.reason}>
              <Button type="primary" disabled={!release.check.allowed} onClick={release.onRelease}>
                {release.label}
              </Button>
            </Hint>
          }
        />
      )}
      <PlanSummary plan={plan} />
      <Space wrap>
        {can.pay && plan.status !== 'paid_off' && (
          <Button type="primary" onClick={() => setDialog('payment')}>
            登记还款
          </Button>
        )}
        {can.pay && <Button onClick={() => setDialog('correction')}>更正</Button>}
        {can.collect && plan.status !== 'paid_off' && <Button onClick={() => setDialog('promise')}>承诺还款</Button>}
        {can.collect && <Button onClick={() => setDialog('contact')}>联系记录</Button>}
        {can.edit && <Button onClick={onEdit}>修改</Button>}
        {can.edit && (
          <Button danger loading={cancel.isPending} onClick={confirmCancel}>
            取消计划
          </Button>
        )}
      </Space>
      <Tabs
        size="small"
        items={[
          { key: 'schedule', label: '还款计划', children: <ScheduleTable rows={plan.schedule} /> },
          { key: 'ledger', label: `还款记录（${plan.ledger.length}）`, children: <LedgerTable rows={plan.ledger} /> },
          { key: 'actions', label: '自动操作', children: <ActionTable rows={plan.actions} /> },
        ]}
      />
      <PlanDialog open={dialog ? { kind: dialog, plan } : null} onClose={() => setDialog(null)} />
    </Flex>
  );
}
