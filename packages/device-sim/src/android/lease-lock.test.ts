import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AgentPolicy, AndroidLeaseOffline } from '@lease/shared/agent-protocol';
import { computePasscode } from '@lease/shared/offline-passcode';
import { applyPolicy, checkLease, checkOffline, enterPasscode, initialState } from './agent-state.ts';
import { deferLeaseLock, keptDeferral, LEASE_LOCK_MESSAGE, leaseLockDue } from './lease-lock.ts';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-12-01T02:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

const terms = (lockAt: number | null, extra: Partial<AndroidLeaseOffline> = {}): AndroidLeaseOffline => ({
  paid_through: '2026-11-30',
  grace_days: 3,
  lock_at: lockAt === null ? null : iso(lockAt),
  lock_message: '第 2 期已逾期，请尽快还款',
  lock_phone_number: '4008001234',
  notice: null,
  ...extra,
});

const policy = (lease: AndroidLeaseOffline | null, serverNow: number, over: Partial<AgentPolicy> = {}): AgentPolicy => ({
  policy_version: 1,
  lock: { locked: false, message: '', phone_number: '' },
  regulated: true,
  system_restriction: {},
  app_restriction: { enable: false, mode: 0, list: [] },
  wallpaper: null,
  offline_lock_hours: 72,
  lease,
  server_time: iso(serverNow),
  ...over,
});

/** enrolledState is a phone that applied `p` at agent time `now`, with its offline-code key. */
function enrolledState(p: AgentPolicy, now: number) {
  const s = initialState('http://server', { brand: 'honor', model: 'X' } as never, [], 0, now);
  const key = randomBytes(32);
  s.deviceId = randomUUID();
  s.passcodeKey = key.toString('base64');
  applyPolicy(s, p, () => true, now);
  const code = (grantDays: number) =>
    computePasscode(key, { purpose: 'unlock', deviceId: s.deviceId!, lockEpoch: s.lock.epoch, challenge: s.lock.challenge!, grantDays });
  return { s, code };
}

describe('leaseLockDue', () => {
  const lease = terms(T0 + HOUR);
  it('is due once lock_at has passed on the server clock, never without a lock_at', () => {
    expect(leaseLockDue({ lease, deferral: null, now: T0, serverOffset: 0 })).toBe(false);
    expect(leaseLockDue({ lease, deferral: null, now: T0 + HOUR, serverOffset: 0 })).toBe(true);
    expect(leaseLockDue({ lease: terms(null), deferral: null, now: T0 + 1000 * HOUR, serverOffset: 0 })).toBe(false);
    expect(leaseLockDue({ lease: null, deferral: null, now: T0 + 1000 * HOUR, serverOffset: 0 })).toBe(false);
  });

  it('counts on the server’s clock: a phone clock set back by the hirer does not postpone it', () => {
    // The phone's clock reads two days early; the last policy taught it the offset.
    expect(leaseLockDue({ lease, deferral: null, now: T0 - 47 * HOUR, serverOffset: 48 * HOUR })).toBe(true);
  });

  it('is held off by a deferral for the same terms until it ends; new terms drop the deferral', () => {
    const deferral = deferLeaseLock(lease, T0 + 24 * HOUR);
    expect(leaseLockDue({ lease, deferral, now: T0 + 23 * HOUR, serverOffset: 0 })).toBe(false);
    expect(leaseLockDue({ lease, deferral, now: T0 + 24 * HOUR, serverOffset: 0 })).toBe(true);
    const later = terms(T0 + 2 * HOUR);
    expect(leaseLockDue({ lease: later, deferral, now: T0 + 3 * HOUR, serverOffset: 0 })).toBe(true);
    expect(keptDeferral(deferral, lease)).toBe(deferral);
    expect(keptDeferral(deferral, later)).toBeNull();
    expect(deferLeaseLock(terms(null), T0)).toBeNull();
  });
});

describe('lease self-lock on the phone', () => {
  it('locks at lock_at like the offline self-lock: new epoch and challenge, the plan’s message and phone', () => {
    const { s } = enrolledState(policy(terms(T0 + HOUR), T0), T0);
    expect(s.lease?.lock_at).toBe(iso(T0 + HOUR));
    expect(checkLease(s, T0 + HOUR - 1)).toBe(false);
    expect(checkLease(s, T0 + HOUR)).toBe(true);
    expect(s.lock).toMatchObject({ locked: true, reason: 'lease-overdue', message: '第 2 期已逾期，请尽快还款', phone: '4008001234', epoch: 1 });
    expect(s.lock.challenge).toMatch(/^\d{8}$/);
    expect(checkLease(s, T0 + 2 * HOUR)).toBe(false);
  });

  it('falls back to a default message when the plan has none', () => {
    const { s } = enrolledState(policy(terms(T0, { lock_message: '', lock_phone_number: '' }), T0 - 1), T0 - 1);
    checkLease(s, T0);
    expect(s.lock).toMatchObject({ locked: true, reason: 'lease-overdue', message: LEASE_LOCK_MESSAGE });
  });

  it('an offline code with grant days keeps it open for the grant, then it locks again (new epoch)', () => {
    const { s, code } = enrolledState(policy(terms(T0 + HOUR), T0), T0);
    checkLease(s, T0 + HOUR);
    expect(enterPasscode(s, code(2), T0 + 2 * HOUR)).toEqual({ ok: true, purpose: 'unlock', grantDays: 2 });
    expect(s.lock.locked).toBe(false);
    const grantEnd = T0 + 2 * HOUR + 48 * HOUR;
    expect(checkLease(s, grantEnd - 1)).toBe(false);
    expect(checkOffline(s, grantEnd - 1)).toBe(false);
    expect(checkLease(s, grantEnd)).toBe(true);
    expect(s.lock).toMatchObject({ locked: true, reason: 'lease-overdue', epoch: 2 });
  });

  it('grant 00 holds it off for the store’s offline hours, like the offline clock', () => {
    const { s, code } = enrolledState(policy(terms(T0 + HOUR), T0), T0);
    checkLease(s, T0 + HOUR);
    expect(enterPasscode(s, code(0), T0 + HOUR).ok).toBe(true);
    expect(checkLease(s, T0 + 72 * HOUR)).toBe(false);
    expect(checkLease(s, T0 + 73 * HOUR)).toBe(true);
  });

  it('follows the policy: a policy issued after lock_at is the server’s judgement; new terms are judged afresh', () => {
    const { s } = enrolledState(policy(terms(T0 + HOUR), T0), T0);
    checkLease(s, T0 + HOUR);
    // A policy issued before lock_at has not judged these terms: at lock_at the phone locks itself all the same.
    applyPolicy(s, policy(terms(T0 + HOUR), T0 + HOUR - 1), () => true, T0 + HOUR - 1);
    expect(checkLease(s, T0 + HOUR)).toBe(true);
    expect(s.lock).toMatchObject({ locked: true, reason: 'lease-overdue' });
    // The lease watch's lock by command takes over.
    applyPolicy(s, policy(terms(T0 + HOUR), T0 + 2 * HOUR, { lock: { locked: true, message: '请到店', phone_number: '' } }), () => true, T0 + 2 * HOUR);
    expect(s.lock).toMatchObject({ locked: true, reason: 'command', message: '请到店' });
    // A clerk unlocks by hand after lock_at: the server judged, the phone opens and stays open under these terms.
    applyPolicy(s, policy(terms(T0 + HOUR), T0 + 3 * HOUR), () => true, T0 + 3 * HOUR);
    expect(s.lock.locked).toBe(false);
    expect(checkLease(s, T0 + 10 * HOUR)).toBe(false);
    // The next period's terms (a later lock_at) are judged afresh: offline past it, the phone locks itself.
    applyPolicy(s, policy(terms(T0 + 30 * 24 * HOUR), T0 + 4 * HOUR), () => true, T0 + 4 * HOUR);
    expect(s.lock.locked).toBe(false);
    expect(checkLease(s, T0 + 30 * 24 * HOUR)).toBe(true);
    // Paid off: no lock_at at all.
    applyPolicy(s, policy(terms(null), T0 + 31 * 24 * HOUR), () => true, T0 + 31 * 24 * HOUR);
    expect(s.lock.locked).toBe(false);
  });

  it('keeps a deferral across policies with the same terms, and drops it with new ones', () => {
    const { s, code } = enrolledState(policy(terms(T0 + HOUR), T0), T0);
    checkLease(s, T0 + HOUR);
    enterPasscode(s, code(3), T0 + HOUR);
    applyPolicy(s, policy(terms(T0 + HOUR), T0 + 2 * HOUR), () => true, T0 + 2 * HOUR);
    expect(s.lock.locked).toBe(false);
    expect(s.leaseDeferral).not.toBeNull();
    applyPolicy(s, policy(terms(T0 + 4 * HOUR), T0 + 2 * HOUR), () => true, T0 + 2 * HOUR);
    expect(s.leaseDeferral).toBeNull();
    expect(checkLease(s, T0 + 4 * HOUR)).toBe(true);
  });

  it('shows the notice from the terms and drops it with a policy without one', () => {
    const notice = { title: '还款提醒', text: '第 3 期 12 月 5 日到期，应还 399.00 元' };
    const { s } = enrolledState(policy(terms(T0 + 96 * HOUR, { notice }), T0), T0);
    expect(s.notice).toEqual(notice);
    applyPolicy(s, policy(terms(T0 + 96 * HOUR), T0 + HOUR), () => true, T0 + HOUR);
    expect(s.notice).toBeNull();
    applyPolicy(s, policy(terms(T0 + 96 * HOUR, { notice }), T0 + HOUR), () => true, T0 + HOUR);
    applyPolicy(s, policy(null, T0 + HOUR), () => true, T0 + HOUR);
    expect(s.notice).toBeNull();
    expect(s.lease).toBeNull();
  });
});
