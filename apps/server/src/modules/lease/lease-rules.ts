import type { LeasePlanStatus, LeasePolicy, LeaseScheduleItem, LeaseStep } from '@lease/shared';
import { addDays, daysBetween, instantOf, localDay, monthlyDueDates, weeklyDueDates } from './lease-calendar.ts';

/**
 * The rules of a lease plan (docs/lease-plans.md), pure: what a plan's state is at an instant, and which
 * automatic steps are due. The watch and every request that changes a plan call `evaluatePlan`; the steps it
 * names are taken at most once each (lease_action's unique key), so calling it again is always safe.
 */

export interface PlanTerms {
  dueDates: string[];
  amountFen: number;
  /** What the ledger adds up to: payments, less corrections. */
  paidFen: number;
  promiseUntil: string | null;
  /** The plan's own lock for arrears is on (set when it locked the phone, cleared when it unlocked it). */
  lockedForArrearsAt: Date | null;
  releaseOffered: boolean;
}

export interface DueStep {
  periodIndex: number;
  step: LeaseStep;
  stepKey: string;
  detail: Record<string, unknown>;
}

export interface PlanState {
  status: LeasePlanStatus;
  totalFen: number;
  paidPeriods: number;
  /** The first period not fully paid (0-based), null when paid off. */
  openPeriod: number | null;
  nextDueDate: string | null;
  /** The last day the hirer is paid for: the day before the first unpaid due date. */
  paidThrough: string | null;
  amountOverdueFen: number;
  daysOverdue: number;
  /** What the open period still needs (a partial payment counts). */
  openPeriodDueFen: number;
  promiseActive: boolean;
  /** When the plan locks the phone unless paid: the open period's due day + grace, at the action hour. */
  lockAt: Date | null;
  schedule: LeaseScheduleItem[];
  steps: DueStep[];
  /** The next instant anything above can change without a payment: the watch looks at the plan again then. */
  nextCheckAt: Date;
}

/** lockDay is the day a period unpaid after its grace days is locked: due + grace + 1 (grace 3: due on the 10th, locked on the 14th). */
export const lockDayOf = (dueDate: string, graceDays: number) => addDays(dueDate, graceDays + 1);

/** The schedule with the ledger applied in order: each payment fills the earliest period first, any excess is credit for the next. */
export function scheduleOf(dueDates: string[], amountFen: number, paidFen: number): LeaseScheduleItem[] {
  let left = Math.max(0, paidFen);
  return dueDates.map((due_date, index) => {
    const paid = Math.min(amountFen, left);
    left -= paid;
    return { index, due_date, amount_fen: amountFen, paid_fen: paid, state: paid === amountFen ? 'paid' : paid > 0 ? 'partial' : 'unpaid' };
  });
}

/**
 * evaluatePlan is a plan's state at `now` and the steps due then. Reminders go out from the action hour of the
 * reminder day; when several reminder days have passed unsent (the server was down) only the latest is sent, so
 * a hirer never gets a stale 3-days-before text on the due day. Locks go out at the action hour of the lock day.
 */
export function evaluatePlan(terms: PlanTerms, policy: LeasePolicy, now: Date): PlanState {
  const tz = policy.time_zone;
  const today = localDay(now, tz);
  const hourToday = instantOf(today, policy.action_hour, tz);
  const hourReached = now >= hourToday;
  const { dueDates, amountFen, paidFen } = terms;
  const n = dueDates.length;
  const totalFen = amountFen * n;
  const schedule = scheduleOf(dueDates, amountFen, paidFen);
  const paidPeriods = schedule.filter((s) => s.state === 'paid').length;
  const open = paidPeriods < n ? paidPeriods : null;
  const promiseActive = terms.promiseUntil !== null && today <= terms.promiseUntil;
  // Every step falls at a day's action hour and every state changes at midnight: nothing else needs a look.
  const nextMidnight = instantOf(addDays(today, 1), 0, tz);
  const checks: Date[] = [nextMidnight];
  if (!hourReached) checks.push(hourToday);
  const steps: DueStep[] = [];

  let amountOverdueFen = 0;
  for (const s of schedule) if (s.due_date < today) amountOverdueFen += s.amount_fen - s.paid_fen;

  if (open === null) {
    steps.push({ periodIndex: n, step: 'paid-off', stepKey: '', detail: { paid_fen: paidFen } });
    if (!terms.releaseOffered && policy.release_on_payoff === 'auto') steps.push({ periodIndex: n, step: 'release', stepKey: '', detail: {} });
    if (terms.lockedForArrearsAt) steps.push(unlockStep(terms, n, 'paid-off'));
    return {
      status: 'paid_off',
      totalFen,
      paidPeriods,
      openPeriod: null,
      nextDueDate: null,
      paidThrough: dueDates[n - 1] ?? null,
      amountOverdueFen: 0,
      daysOverdue: 0,
      openPeriodDueFen: 0,
      promiseActive: false,
      lockAt: null,
      schedule,
      steps,
      nextCheckAt: nextMidnight,
    };
  }

  const due = dueDates[open];
  const openPeriodDueFen = amountFen - schedule[open].paid_fen;
  const daysOverdue = Math.max(0, daysBetween(due, today));
  const lockDay = lockDayOf(due, policy.grace_days);
  // A promise keeps the phone unlocked through its last day; the lock then waits for the next action hour.
  const lockFrom = terms.promiseUntil && terms.promiseUntil >= lockDay ? addDays(terms.promiseUntil, 1) : lockDay;
  const lockAt = policy.lock_on_overdue ? instantOf(lockFrom, policy.action_hour, tz) : null;
  const pastLock = lockAt !== null && now >= lockAt;

  // Reminders: the closest reminder day that has come, for a period not yet overdue.
  if (today <= due) {
    const reached = policy.remind_days.filter((d) => today >= addDays(due, -d)).sort((a, b) => a - b)[0];
    if (reached !== undefined) {
      const reminderDay = addDays(due, -reached);
      if (reminderDay < today || hourReached)
        steps.push({
          periodIndex: open,
          step: 'remind',
          stepKey: String(reached),
          detail: { due_date: due, days_before: reached, amount_fen: openPeriodDueFen },
        });
    }
  }
  if (daysOverdue > 0) steps.push({ periodIndex: open, step: 'overdue', stepKey: '', detail: { due_date: due, amount_fen: amountOverdueFen } });

  if (pastLock && !terms.lockedForArrearsAt && !promiseActive) {
    // After an expired promise the lock is a new one (the first may have been taken before the promise).
    const afterPromise = terms.promiseUntil !== null && terms.promiseUntil >= due;
    steps.push({
      periodIndex: open,
      step: afterPromise ? 'promise-relock' : 'lock',
      stepKey: afterPromise ? (terms.promiseUntil as string) : '',
      detail: { due_date: due, amount_fen: amountOverdueFen, days_overdue: daysOverdue },
    });
  }
  if (terms.lockedForArrearsAt && (!pastLock || promiseActive)) steps.push(unlockStep(terms, open, promiseActive ? 'promise' : 'paid'));

  const status: LeasePlanStatus =
    pastLock && !promiseActive ? 'locked' : daysOverdue > 0 ? 'overdue' : today >= addDays(due, -Math.max(0, ...policy.remind_days)) ? 'due_soon' : 'current';

  return {
    status,
    totalFen,
    paidPeriods,
    openPeriod: open,
    nextDueDate: due,
    paidThrough: addDays(due, -1),
    amountOverdueFen,
    daysOverdue,
    openPeriodDueFen,
    promiseActive,
    lockAt,
    schedule,
    steps,
    nextCheckAt: new Date(Math.min(...checks.map((c) => c.getTime()))),
  };
}

/** unlockStep lifts the plan's own lock; keyed by that lock's time, so each lock is lifted once. */
function unlockStep(terms: PlanTerms, periodIndex: number, because: 'paid' | 'promise' | 'paid-off'): DueStep {
  return { periodIndex, step: 'unlock', stepKey: (terms.lockedForArrearsAt as Date).toISOString(), detail: { because } };
}

/**
 * dueDatesOf is a plan's whole schedule: monthly on `day_of_month` (the start's day when absent), weekly from the
 * start, or the explicit list. The first instalment falls after the start day; a payment on the start day is
 * simply early.
 */
export function dueDatesOf(p: {
  start_date: string;
  periods: number;
  period: 'monthly' | 'weekly' | 'dates';
  day_of_month?: number | null;
  due_dates?: string[] | null;
}): string[] {
  if (p.period === 'dates') return [...(p.due_dates ?? [])];
  if (p.period === 'weekly') return weeklyDueDates(p.start_date, p.periods);
  return monthlyDueDates(p.start_date, p.periods, p.day_of_month ?? Number(p.start_date.slice(8, 10)));
}
