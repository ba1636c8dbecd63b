import {
  hasPermission,
  leasePlanStatusLabel,
  Perm,
  type LeaseActionStatus,
  type LeasePlanItem,
  type LeasePlanStatus,
  type LeaseScheduleItem,
} from '@lease/shared';

type Perms = readonly string[];

/** The antd tag colour of each plan status: the further behind the hirer, the warmer. */
const STATUS_COLOR: Record<LeasePlanStatus, string> = {
  current: 'green',
  due_soon: 'gold',
  overdue: 'orange',
  locked: 'red',
  paid_off: 'blue',
};

export interface StatusTagView {
  label: string;
  color: string;
  /** Said after the label in smaller print (a promise that holds the lock back). */
  note?: string;
}

/** leaseStatusTag is what a plan's status tag says; a promise still running is noted beside it. */
export function leaseStatusTag(plan: Pick<LeasePlanItem, 'status' | 'promise_until'>, today: string): StatusTagView {
  const view: StatusTagView = { label: leasePlanStatusLabel[plan.status], color: STATUS_COLOR[plan.status] };
  if (plan.promise_until && plan.promise_until >= today && plan.status !== 'paid_off') view.note = `承诺 ${plan.promise_until} 前还款`;
  return view;
}

export const scheduleStateLabel: Record<LeaseScheduleItem['state'], string> = { paid: '已还清', partial: '部分还款', unpaid: '未还' };
export const scheduleStateColor: Record<LeaseScheduleItem['state'], string> = { paid: 'green', partial: 'gold', unpaid: 'default' };

export const actionStatusColor: Record<LeaseActionStatus, string> = {
  pending: 'default',
  sending: 'processing',
  done: 'success',
  failed: 'error',
  skipped: 'default',
  unknown: 'warning',
};

/** inArrears: the plan owes something past its due dates (the collections view's plans). */
export const inArrears = (p: Pick<LeasePlanItem, 'status'>) => p.status === 'overdue' || p.status === 'locked';

/** What a clerk may do with a plan; the server checks again. */
export interface PlanAbilities {
  edit: boolean;
  pay: boolean;
  collect: boolean;
}

export const planAbilities = (perms: Perms): PlanAbilities => ({
  edit: hasPermission(perms, Perm.LEASE_PLAN_EDIT),
  pay: hasPermission(perms, Perm.LEASE_PAYMENT_RECORD),
  collect: hasPermission(perms, Perm.LEASE_COLLECTIONS),
});

/** mayLockForArrears: only a plan behind and not already locked for it can be locked from the collections view. */
export const mayLockForArrears = (p: Pick<LeasePlanItem, 'status' | 'locked_for_arrears'>) => p.status === 'overdue' && !p.locked_for_arrears;

/** mayRemind: a reminder makes sense while something is due or owed. */
export const mayRemind = (p: Pick<LeasePlanItem, 'status'>) => p.status !== 'paid_off' && p.status !== 'current';

/** devicePath is the phone's page in the console. */
export const devicePath = (p: Pick<LeasePlanItem, 'platform' | 'device_id'>) => `/console/device/${p.platform}/${p.device_id}`;
