import { DEFAULT_LEASE_POLICY, type LeasePolicy } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { instantOf } from './lease-calendar.ts';
import { type PlanTerms, dueDatesOf, evaluatePlan, lockDayOf, scheduleOf } from './lease-rules.ts';

const policy: LeasePolicy = { ...DEFAULT_LEASE_POLICY };
const at = (day: string, hour = 10) => instantOf(day, hour, 'Asia/Shanghai');
const plan = (over: Partial<PlanTerms> = {}): PlanTerms => ({
  dueDates: ['2026-12-10', '2027-01-10', '2027-02-10'],
  amountFen: 100_00,
  paidFen: 0,
  promiseUntil: null,
  lockedForArrearsAt: null,
  releaseOffered: false,
  ...over,
});
const steps = (terms: PlanTerms, now: Date, p = policy) => evaluatePlan(terms, p, now).steps.map((s) => `${s.step}:${s.periodIndex}:${s.stepKey}`);

describe('lease schedule', () => {
  it('fills periods in order, a partial payment leaves the rest open, an overpayment is credit', () => {
    expect(scheduleOf(['a', 'b', 'c'], 100, 250).map((s) => [s.paid_fen, s.state])).toEqual([
      [100, 'paid'],
      [100, 'paid'],
      [50, 'partial'],
    ]);
    expect(scheduleOf(['a'], 100, -5)[0].paid_fen).toBe(0);
  });

  it('builds the schedule of each period rule', () => {
    expect(dueDatesOf({ start_date: '2026-12-02', periods: 2, period: 'monthly', day_of_month: 10 })).toEqual(['2026-12-10', '2027-01-10']);
    expect(dueDatesOf({ start_date: '2026-12-02', periods: 2, period: 'monthly' })).toEqual(['2027-01-02', '2027-02-02']);
    expect(dueDatesOf({ start_date: '2026-12-02', periods: 1, period: 'weekly' })).toEqual(['2026-12-09']);
    expect(dueDatesOf({ start_date: '2026-12-02', periods: 2, period: 'dates', due_dates: ['2026-12-05', '2026-12-20'] })).toEqual([
      '2026-12-05',
      '2026-12-20',
    ]);
  });

  it('locks on the day after the grace days: due the 10th, grace 3, locked the 14th', () => {
    expect(lockDayOf('2026-12-10', 3)).toBe('2026-12-14');
    expect(lockDayOf('2026-12-31', 0)).toBe('2027-01-01');
  });
});

describe('evaluatePlan', () => {
  it('is current well before a due date, due soon from the first reminder day', () => {
    expect(evaluatePlan(plan(), policy, at('2026-12-03')).status).toBe('current');
    expect(evaluatePlan(plan(), policy, at('2026-12-07')).status).toBe('due_soon');
    expect(evaluatePlan(plan(), policy, at('2026-12-10')).status).toBe('due_soon');
  });

  it('reminds 3 days before and on the day, from the action hour', () => {
    expect(steps(plan(), at('2026-12-06'))).toEqual([]);
    expect(steps(plan(), at('2026-12-07', 8))).toEqual([]);
    expect(steps(plan(), at('2026-12-07', 9))).toEqual(['remind:0:3']);
    expect(steps(plan(), at('2026-12-08', 1))).toEqual(['remind:0:3']);
    expect(steps(plan(), at('2026-12-10', 9))).toEqual(['remind:0:0']);
  });

  it('after days without a run sends only the latest reminder, never a stale one', () => {
    expect(steps(plan(), at('2026-12-10', 23))).toEqual(['remind:0:0']);
  });

  it('is overdue the day after the due day, and locks at the action hour of due + grace + 1', () => {
    const s = evaluatePlan(plan(), policy, at('2026-12-11'));
    expect([s.status, s.daysOverdue, s.amountOverdueFen]).toEqual(['overdue', 1, 100_00]);
    expect(steps(plan(), at('2026-12-11'))).toEqual(['overdue:0:']);
    expect(steps(plan(), at('2026-12-14', 8))).toEqual(['overdue:0:']);
    expect(steps(plan(), at('2026-12-14', 9))).toEqual(['overdue:0:', 'lock:0:']);
    expect(evaluatePlan(plan(), policy, at('2026-12-14', 9)).status).toBe('locked');
    expect(evaluatePlan(plan(), policy, at('2026-12-11')).lockAt?.toISOString()).toBe(at('2026-12-14', 9).toISOString());
  });

  it('does not lock when the store turned arrears locks off', () => {
    const s = evaluatePlan(plan(), { ...policy, lock_on_overdue: false }, at('2026-12-20'));
    expect([s.status, s.lockAt]).toEqual(['overdue', null]);
    expect(s.steps.map((x) => x.step)).toEqual(['overdue']);
  });

  it('a partial payment does not unlock; paying the arrears does, once per lock', () => {
    const lockedAt = at('2026-12-14', 9);
    expect(steps(plan({ paidFen: 50_00, lockedForArrearsAt: lockedAt }), at('2026-12-15'))).toEqual(['overdue:0:']);
    expect(steps(plan({ paidFen: 100_00, lockedForArrearsAt: lockedAt }), at('2026-12-15'))).toEqual([`unlock:1:${lockedAt.toISOString()}`]);
  });

  it('a promise unlocks until its day ends and locks again after it', () => {
    const lockedAt = at('2026-12-14', 9);
    const promised = plan({ promiseUntil: '2026-12-18', lockedForArrearsAt: lockedAt });
    expect(steps(promised, at('2026-12-15'))).toEqual(['overdue:0:', `unlock:0:${lockedAt.toISOString()}`]);
    expect(evaluatePlan(promised, policy, at('2026-12-15')).status).toBe('overdue');
    const unlocked = plan({ promiseUntil: '2026-12-18' });
    expect(steps(unlocked, at('2026-12-18', 23))).toEqual(['overdue:0:']);
    expect(steps(unlocked, at('2026-12-19', 9))).toEqual(['overdue:0:', 'promise-relock:0:2026-12-18']);
  });

  it('at pay-off offers the release (or releases when the store chose so) and lifts its own lock', () => {
    expect(steps(plan({ paidFen: 300_00 }), at('2027-03-01'))).toEqual(['paid-off:3:']);
    expect(steps(plan({ paidFen: 300_00 }), at('2027-03-01'), { ...policy, release_on_payoff: 'auto' })).toEqual(['paid-off:3:', 'release:3:']);
    const lockedAt = at('2027-02-14', 9);
    expect(steps(plan({ paidFen: 300_00, lockedForArrearsAt: lockedAt }), at('2027-03-01'))).toEqual(['paid-off:3:', `unlock:3:${lockedAt.toISOString()}`]);
    expect(evaluatePlan(plan({ paidFen: 300_00 }), policy, at('2027-03-01')).status).toBe('paid_off');
  });

  it('a plan started in the past for a hirer long overdue locks at once', () => {
    const s = evaluatePlan(plan({ dueDates: ['2026-10-10', '2026-11-10', '2026-12-10'] }), policy, at('2026-12-02', 10));
    expect([s.status, s.daysOverdue, s.amountOverdueFen]).toEqual(['locked', 53, 200_00]);
    expect(s.steps.map((x) => x.step)).toEqual(['overdue', 'lock']);
  });

  it('looks again at the next action hour or midnight, whichever is sooner', () => {
    expect(evaluatePlan(plan(), policy, at('2026-12-07', 3)).nextCheckAt.toISOString()).toBe(at('2026-12-07', 9).toISOString());
    expect(evaluatePlan(plan(), policy, at('2026-12-07', 10)).nextCheckAt.toISOString()).toBe(at('2026-12-08', 0).toISOString());
  });

  it('counts a partial payment in the open period and keeps later periods unpaid', () => {
    const s = evaluatePlan(plan({ paidFen: 130_00 }), policy, at('2027-01-12'));
    expect(s.schedule.map((p) => p.state)).toEqual(['paid', 'partial', 'unpaid']);
    expect([s.totalFen, s.paidPeriods, s.openPeriod, s.openPeriodDueFen, s.amountOverdueFen, s.daysOverdue]).toEqual([300_00, 1, 1, 70_00, 70_00, 2]);
    expect([s.nextDueDate, s.paidThrough]).toEqual(['2027-01-10', '2027-01-09']);
  });

  it('owes nothing on the due day itself', () => {
    const s = evaluatePlan(plan(), policy, at('2026-12-10', 23));
    expect([s.amountOverdueFen, s.daysOverdue, s.status]).toEqual([0, 0, 'due_soon']);
  });

  it('names what each step is about in its detail', () => {
    const lockedAt = at('2026-12-14', 9);
    const s = evaluatePlan(plan({ paidFen: 20_00 }), policy, at('2026-12-14', 9));
    expect(s.steps).toEqual([
      { periodIndex: 0, step: 'overdue', stepKey: '', detail: { due_date: '2026-12-10', amount_fen: 80_00 } },
      { periodIndex: 0, step: 'lock', stepKey: '', detail: { due_date: '2026-12-10', amount_fen: 80_00, days_overdue: 4 } },
    ]);
    expect(evaluatePlan(plan({ dueDates: ['2026-12-10'] }), policy, at('2026-12-07', 9)).steps[0].detail).toEqual({
      due_date: '2026-12-10',
      days_before: 3,
      amount_fen: 100_00,
    });
    expect(evaluatePlan(plan({ paidFen: 300_00, lockedForArrearsAt: lockedAt }), policy, at('2027-03-01')).steps).toEqual([
      { periodIndex: 3, step: 'paid-off', stepKey: '', detail: { paid_fen: 300_00 } },
      { periodIndex: 3, step: 'unlock', stepKey: lockedAt.toISOString(), detail: { because: 'paid-off' } },
    ]);
    expect(evaluatePlan(plan({ paidFen: 100_00, lockedForArrearsAt: lockedAt }), policy, at('2026-12-15')).steps[0].detail).toEqual({ because: 'paid' });
    expect(evaluatePlan(plan({ promiseUntil: '2026-12-16', lockedForArrearsAt: lockedAt }), policy, at('2026-12-15')).steps[1].detail).toEqual({
      because: 'promise',
    });
  });

  it('paid off: nothing owed, paid through the last due date, no promise, no lock', () => {
    const s = evaluatePlan(plan({ paidFen: 300_00, promiseUntil: '2027-03-05' }), policy, at('2027-03-01'));
    expect([s.paidThrough, s.promiseActive, s.lockAt, s.amountOverdueFen, s.nextDueDate, s.openPeriod]).toEqual(['2027-02-10', false, null, 0, null, null]);
  });

  it('a promise holds through its last day, and one made within the grace days does not move the lock', () => {
    expect(evaluatePlan(plan({ promiseUntil: '2026-12-18' }), policy, at('2026-12-18', 23)).promiseActive).toBe(true);
    expect(evaluatePlan(plan({ promiseUntil: '2026-12-18' }), policy, at('2026-12-19', 0)).promiseActive).toBe(false);
    // Promised within the grace days (until the 12th; lock day the 14th): the lock stays on the 14th, not a relock.
    const early = plan({ promiseUntil: '2026-12-12' });
    expect(evaluatePlan(early, policy, at('2026-12-11')).lockAt?.toISOString()).toBe(at('2026-12-14', 9).toISOString());
    expect(steps(early, at('2026-12-14', 9))).toEqual(['overdue:0:', 'promise-relock:0:2026-12-12']);
    // Promised until the lock day itself: locked the day after it.
    expect(evaluatePlan(plan({ promiseUntil: '2026-12-14' }), policy, at('2026-12-11')).lockAt?.toISOString()).toBe(at('2026-12-15', 9).toISOString());
    // A promise kept from an earlier period does not make the next period's lock a relock.
    const old = plan({ paidFen: 100_00, promiseUntil: '2026-12-16' });
    expect(steps(old, at('2027-01-14', 9))).toEqual(['overdue:1:', 'lock:1:']);
  });
});
