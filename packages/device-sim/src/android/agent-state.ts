import { randomInt } from 'node:crypto';
import type { AgentPolicy, AndroidLeaseOffline, CommandResult, DeviceFacts, LocationReport, PasscodeUse, SimReport } from '@lease/shared/agent-protocol';
import { type PasscodeMatch, verifyPasscode } from '@lease/shared/offline-passcode';
import { deferLeaseLock, judgedByServer, keptDeferral, LEASE_LOCK_MESSAGE, type LeaseDeferral, leaseLockDue } from './lease-lock.ts';

/** LockReason: locked by the store's command, self-locked after too long offline, or self-locked at the lease plan's lock_at. */
export type LockReason = 'command' | 'offline' | 'lease-overdue' | 'none';

export const isSelfLock = (reason: LockReason) => reason === 'offline' || reason === 'lease-overdue';

/** AgentState is everything the simulated agent keeps (a real agent keeps it in its private storage). */
export interface AgentState {
  serverUrl: string;
  deviceId: string | null;
  privateKeyPkcs8: string | null;
  /** K_dev, base64: a real agent imports it into AndroidKeyStore and can no longer read it. */
  passcodeKey: string | null;
  channel: number;
  facts: DeviceFacts;
  sims: SimReport[];
  location: { latitude: number; longitude: number; accuracy: number };
  apps: { app_name: string; package_name: string; version?: string }[];
  /** The policy version applied last. */
  policyVersion: number;
  offlineLockHours: number;
  lock: {
    locked: boolean;
    reason: LockReason;
    message: string;
    phone: string;
    since: string | null;
    epoch: number;
    challenge: string | null;
  };
  regulated: boolean;
  /** Restriction keys the phone enforces now, and what it could not. */
  restrictions: Record<string, boolean>;
  restrictionReport: { applied: string[]; unsupported: string[] };
  appRule: { enable: boolean; mode: number; list: { app_name: string; package_name: string }[] };
  wallpaper: { id: string; bytes: number; where: number } | null;
  /** Offline passcode throttle (RFC 4226 §7.3). */
  failCount: number;
  blockedUntil: number;
  usedChallenges: string[];
  /** Offline codes used and not yet reported to the server. */
  passcodeUses: PasscodeUse[];
  /** When the phone locks itself if it has not heard from the server by then. */
  offlineDeadline: number;
  /** The lease plan's offline terms from the last policy (absent in state files of older agents). */
  lease?: AndroidLeaseOffline | null;
  /** An offline unlock code keeps the phone open past these terms' lock_at until then (lease-lock.ts). */
  leaseDeferral?: LeaseDeferral | null;
  /** The server's clock minus the agent's, learned from the last policy's server_time. */
  serverOffset?: number;
  /** The lease reminder shown as a notification the hirer cannot dismiss. */
  notice?: { title: string; text: string } | null;
  /** Results of recent commands, answered again if a command comes twice; `acked` once the server recorded it. */
  handled: { id: string; result: CommandResult; acked: boolean }[];
  released: boolean;
}

export const FAILS_BEFORE_BACKOFF = 5;
const HANDLED_KEPT = 200;
const HOUR = 3_600_000;

export const newChallenge = () => String(randomInt(100_000_000)).padStart(8, '0');

export function initialState(serverUrl: string, facts: DeviceFacts, sims: SimReport[], channel: number, now: number): AgentState {
  return {
    serverUrl,
    deviceId: null,
    privateKeyPkcs8: null,
    passcodeKey: null,
    channel,
    facts,
    sims,
    location: { latitude: 31.2304 + (Math.random() - 0.5) * 0.2, longitude: 121.4737 + (Math.random() - 0.5) * 0.2, accuracy: 15 + Math.random() * 30 },
    apps: [],
    policyVersion: 0,
    offlineLockHours: 72,
    lock: { locked: false, reason: 'none', message: '', phone: '', since: null, epoch: 0, challenge: null },
    regulated: false,
    restrictions: {},
    restrictionReport: { applied: [], unsupported: [] },
    appRule: { enable: false, mode: 0, list: [] },
    wallpaper: null,
    failCount: 0,
    blockedUntil: 0,
    usedChallenges: [],
    passcodeUses: [],
    offlineDeadline: now + 72 * HOUR,
    lease: null,
    leaseDeferral: null,
    serverOffset: 0,
    notice: null,
    handled: [],
    released: false,
  };
}

/** lockScreen shows the full-screen lock; only a transition from unlocked starts a new lock epoch. */
export function lockScreen(s: AgentState, reason: Exclude<LockReason, 'none'>, message: string, phone: string, now: number) {
  if (!s.lock.locked) {
    s.lock.epoch += 1;
    s.lock.since = new Date(now).toISOString();
    s.lock.challenge = newChallenge();
  }
  // A command lock over an offline self-lock takes over its text, and is no longer released by coming online.
  s.lock = { ...s.lock, locked: true, reason: s.lock.locked && s.lock.reason === 'command' ? 'command' : reason, message, phone };
}

export function unlockScreen(s: AgentState) {
  s.lock = { ...s.lock, locked: false, reason: 'none', message: '', phone: '', since: null, challenge: null };
}

/** noteContact: the server answered, so the offline clock starts again. */
export function noteContact(s: AgentState, now: number) {
  s.offlineDeadline = Math.max(s.offlineDeadline, now + s.offlineLockHours * HOUR);
}

/** checkOffline locks the phone once it has been out of reach past its deadline; returns whether it did. */
export function checkOffline(s: AgentState, now: number): boolean {
  if (s.released || s.lock.locked || now < s.offlineDeadline) return false;
  lockScreen(s, 'offline', `设备已超过 ${s.offlineLockHours} 小时未联网，已自动锁定。请连接网络，或联系门店获取离线解锁码。`, '', now);
  return true;
}

/** leaseDue: the lease plan wants the phone locked now (its lock_at passed and no offline code deferred it). */
const leaseDue = (s: AgentState, now: number) =>
  leaseLockDue({ lease: s.lease ?? null, deferral: s.leaseDeferral ?? null, now, serverOffset: s.serverOffset ?? 0 });

const leaseLockText = (s: AgentState) => ({ message: s.lease?.lock_message || LEASE_LOCK_MESSAGE, phone: s.lease?.lock_phone_number ?? '' });

/**
 * checkLease locks the phone once the lease plan's lock_at has passed, online or not, exactly as the offline
 * self-lock does (a new epoch and challenge; offline codes open it); returns whether it did.
 */
export function checkLease(s: AgentState, now: number): boolean {
  if (s.released || s.lock.locked || !leaseDue(s, now)) return false;
  const { message, phone } = leaseLockText(s);
  lockScreen(s, 'lease-overdue', message, phone, now);
  return true;
}

/**
 * applyPolicy reconciles the phone to the server's desired state (state-based sync). Lock follows the policy:
 * the store's lock first, then the lease terms (locked while lock_at has passed and no offline code deferred
 * it), else unlocked, which lifts a self-lock once the phone is back online and nothing wants it locked.
 */
export function applyPolicy(s: AgentState, p: AgentPolicy, supported: (key: string) => boolean, now: number) {
  s.serverOffset = Date.parse(p.server_time) - now || 0;
  s.lease = p.lease ?? null;
  s.leaseDeferral = keptDeferral(s.leaseDeferral ?? null, s.lease);
  // A policy the server issued after lock_at has judged these terms: its word (locked or not) stands until other
  // terms come. Its lease watch locks an overdue phone by command; an unlocked one is a clerk's decision.
  if (s.lease?.lock_at && Date.parse(p.server_time) >= Date.parse(s.lease.lock_at)) s.leaseDeferral = judgedByServer(s.lease.lock_at);
  s.notice = p.lease?.notice ?? null;
  if (p.lock.locked) lockScreen(s, 'command', p.lock.message, p.lock.phone_number, now);
  else if (leaseDue(s, now)) {
    // Already locked (the store's lock just lifted, or a self-lock): it stays locked for the lease, same epoch.
    if (s.lock.locked) s.lock = { ...s.lock, reason: 'lease-overdue', ...leaseLockText(s) };
    else lockScreen(s, 'lease-overdue', leaseLockText(s).message, leaseLockText(s).phone, now);
  } else if (s.lock.locked) unlockScreen(s);
  s.regulated = p.regulated;
  applyRestrictions(s, p.system_restriction, supported);
  s.appRule = { enable: p.app_restriction.enable, mode: p.app_restriction.mode, list: p.app_restriction.list };
  if (!p.wallpaper) s.wallpaper = null;
  s.offlineLockHours = p.offline_lock_hours;
  s.offlineDeadline = now + p.offline_lock_hours * HOUR;
  s.policyVersion = p.policy_version;
}

/** applyRestrictions enforces the map's true keys the phone's channel supports and reports the rest. */
export function applyRestrictions(s: AgentState, map: Record<string, boolean>, supported: (key: string) => boolean) {
  const on = Object.entries(map)
    .filter(([, v]) => v)
    .map(([k]) => k);
  s.restrictions = { ...map };
  s.restrictionReport = { applied: on.filter(supported), unsupported: on.filter((k) => !supported(k)) };
}

export function remember(s: AgentState, result: CommandResult) {
  s.handled.push({ id: result.command_id, result, acked: false });
  if (s.handled.length > HANDLED_KEPT) s.handled.splice(0, s.handled.length - HANDLED_KEPT);
}

export type PasscodeOutcome =
  | { ok: true; purpose: 'unlock' | 'deregulate'; grantDays: number }
  | { ok: false; reason: 'not-locked' | 'blocked' | 'wrong' | 'no-key'; retryInMs?: number };

/**
 * enterPasscode checks an offline code against the challenge on screen: a code works once (the challenge is
 * spent and rotated), failures count, and from the fifth on each one blocks entry for an exponentially longer
 * time; the challenge also rotates after every five failures. A used code is reported at the next check-in.
 */
export function enterPasscode(s: AgentState, code: string, now: number): PasscodeOutcome {
  if (!s.lock.locked || !s.lock.challenge) return { ok: false, reason: 'not-locked' };
  if (!s.passcodeKey || !s.deviceId) return { ok: false, reason: 'no-key' };
  if (now < s.blockedUntil) return { ok: false, reason: 'blocked', retryInMs: s.blockedUntil - now };
  const challenge = s.lock.challenge;
  const match: PasscodeMatch | null = s.usedChallenges.includes(challenge)
    ? null
    : verifyPasscode(Buffer.from(s.passcodeKey, 'base64'), s.deviceId, s.lock.epoch, challenge, code.trim());
  if (!match) {
    s.failCount += 1;
    if (s.failCount >= FAILS_BEFORE_BACKOFF) s.blockedUntil = now + Math.min(24 * HOUR, 30_000 * 2 ** (s.failCount - FAILS_BEFORE_BACKOFF));
    if (s.failCount % FAILS_BEFORE_BACKOFF === 0) s.lock.challenge = newChallenge();
    return { ok: false, reason: 'wrong', retryInMs: Math.max(0, s.blockedUntil - now) || undefined };
  }
  s.failCount = 0;
  s.blockedUntil = 0;
  s.usedChallenges = [...s.usedChallenges.slice(-99), challenge];
  s.passcodeUses.push({ purpose: match.purpose, challenge, lock_epoch: match.lockEpoch, grant_days: match.grantDays, used_at: new Date(now).toISOString() });
  unlockScreen(s);
  if (match.purpose === 'deregulate') {
    s.regulated = false;
    s.restrictions = {};
    s.restrictionReport = { applied: [], unsupported: [] };
  }
  // Offline again from now: the grant's days, or the store's usual limit for "until the next check-in".
  s.offlineDeadline = now + (match.grantDays > 0 ? match.grantDays * 24 * HOUR : s.offlineLockHours * HOUR);
  // The store's code also holds off the lease plan's lock for as long, under the terms the phone has now.
  s.leaseDeferral = deferLeaseLock(s.lease ?? null, s.offlineDeadline);
  return { ok: true, purpose: match.purpose, grantDays: match.grantDays };
}

export const locationReport = (s: AgentState, now: number): LocationReport => ({
  latitude: Number(s.location.latitude.toFixed(6)),
  longitude: Number(s.location.longitude.toFixed(6)),
  accuracy: Math.round(s.location.accuracy),
  measured_at: new Date(now).toISOString(),
});
