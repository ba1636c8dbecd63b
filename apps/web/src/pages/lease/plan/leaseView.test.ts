import { LEASE_PLAN_STATUSES, Perm } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { leaseStatusTag, mayLockForArrears, mayRemind, planAbilities } from './leaseView.ts';

describe('leaseStatusTag', () => {
  it('names and colours every status', () => {
    const tags = LEASE_PLAN_STATUSES.map((status) => leaseStatusTag({ status, promise_until: null }, '2026-03-01'));
    expect(tags).toEqual([
      { label: '正常', color: 'green' },
      { label: '即将到期', color: 'gold' },
      { label: '逾期宽限中', color: 'orange' },
      { label: '已欠费锁定', color: 'red' },
      { label: '已结清', color: 'blue' },
    ]);
  });

  it('notes a promise until it has passed, and never on a paid-off plan', () => {
    expect(leaseStatusTag({ status: 'overdue', promise_until: '2026-03-05' }, '2026-03-01').note).toBe('承诺 2026-03-05 前还款');
    expect(leaseStatusTag({ status: 'overdue', promise_until: '2026-03-01' }, '2026-03-01').note).toBe('承诺 2026-03-01 前还款');
    expect(leaseStatusTag({ status: 'overdue', promise_until: '2026-02-28' }, '2026-03-01').note).toBeUndefined();
    expect(leaseStatusTag({ status: 'paid_off', promise_until: '2026-03-05' }, '2026-03-01').note).toBeUndefined();
  });
});

describe('plan actions', () => {
  it('locks only an overdue plan not yet locked, reminds only while something is due', () => {
    expect(mayLockForArrears({ status: 'overdue', locked_for_arrears: false })).toBe(true);
    expect(mayLockForArrears({ status: 'locked', locked_for_arrears: true })).toBe(false);
    expect(mayLockForArrears({ status: 'due_soon', locked_for_arrears: false })).toBe(false);
    expect(mayRemind({ status: 'due_soon' })).toBe(true);
    expect(mayRemind({ status: 'paid_off' })).toBe(false);
  });

  it('reads the lease permissions, Admin holding all', () => {
    expect(planAbilities([Perm.LEASE_PAYMENT_RECORD])).toEqual({ edit: false, pay: true, collect: false });
    expect(planAbilities([Perm.ADMIN])).toEqual({ edit: true, pay: true, collect: true });
  });
});
