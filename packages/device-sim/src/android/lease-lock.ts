import type { AndroidLeaseOffline } from '@lease/shared/agent-protocol';

/**
 * LeaseDeferral is what an offline unlock code leaves behind: the phone stays open past `lockAt` (the lease
 * terms it was entered under) until `until` on the agent's clock, the same instant the offline clock restarts
 * to (the grant's days, or the store's offline hours for grant 00). New terms (another `lock_at`) end it.
 */
export interface LeaseDeferral {
  lockAt: string;
  until: number;
}

/** LEASE_LOCK_MESSAGE is shown when the store left the lease plan's lock message empty. */
export const LEASE_LOCK_MESSAGE = '分期款项已逾期，设备已自动锁定。请联系门店还款，或获取离线解锁码。';

/**
 * leaseLockDue says whether the lease plan wants the phone locked now: its `lock_at` has passed on the server's
 * clock (the agent's clock `now` plus the offset it learned from the last policy's `server_time`, so a hirer
 * setting the phone's clock back gains nothing), and no offline unlock code deferred these very terms.
 */
export function leaseLockDue(input: { lease: AndroidLeaseOffline | null; deferral: LeaseDeferral | null; now: number; serverOffset: number }): boolean {
  const { lease, deferral, now, serverOffset } = input;
  if (!lease?.lock_at) return false;
  const lockAt = Date.parse(lease.lock_at);
  if (Number.isNaN(lockAt) || now + serverOffset < lockAt) return false;
  return !(deferral && deferral.lockAt === lease.lock_at && now < deferral.until);
}

/** deferLeaseLock is the deferral an offline unlock code grants under the current terms (none without a lock_at). */
export function deferLeaseLock(lease: AndroidLeaseOffline | null, until: number): LeaseDeferral | null {
  return lease?.lock_at ? { lockAt: lease.lock_at, until } : null;
}

/** keptDeferral drops a deferral once the server sends other terms (a payment, a promise to pay, a paid-off plan). */
export function keptDeferral(deferral: LeaseDeferral | null, lease: AndroidLeaseOffline | null): LeaseDeferral | null {
  return deferral && lease?.lock_at === deferral.lockAt ? deferral : null;
}

/** judgedByServer is the deferral a policy issued after lock_at leaves: the server decided, for as long as these terms hold. */
export const judgedByServer = (lockAt: string): LeaseDeferral => ({ lockAt, until: Number.MAX_SAFE_INTEGER });
