import { OsUpdateStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { Priority } from '../../mdm/apple/commander.ts';
import { availableOSUpdates, osUpdateStatus } from '../../mdm/apple/commands.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import { COMMAND_TTL_MS, POLL_MS, RECHECK_MS } from './os-update-timing.ts';
import { claimDueChecks, claimDuePolls, saveOsUpdateState } from './ios-settings.repo.ts';
import { stateOf } from './os-update-answers.ts';

/**
 * watchOsUpdates is the OS-update job (DESIGN §8 "OS-update schedules"): it asks AvailableOSUpdates of phones
 * whose list is due (new OS version since the last answer, or a day old), so need_os_update is known without a
 * click; and while an update runs it asks OSUpdateStatus every POLL_MS, or, once the install ended, the device
 * facts that confirm the new version. Dedupe keys keep one such command pending per phone; claims use SKIP LOCKED.
 */
export async function watchOsUpdates(db: Db, mdm: MdmEngine, now = new Date()) {
  const checks = await claimDueChecks(db, now, new Date(now.getTime() + RECHECK_MS));
  if (checks.length) {
    const requests = checks.map((c) => ({ deviceId: c.deviceId, build: (uuid: string) => availableOSUpdates({ uuid }) }));
    await mdm.commander.enqueue(requests, { priority: Priority.REFETCH, dedupeKey: 'refetch:AvailableOSUpdates', ttlMs: COMMAND_TTL_MS });
  }

  const polls = await claimDuePolls(db, now, new Date(now.getTime() + POLL_MS));
  const expired = polls.filter((p) => p.pollUntil && p.pollUntil <= now);
  for (const p of expired) {
    const state = p.progress ? stateOf(p.progress, 'failed', now, '设备长时间未完成此更新') : { status: OsUpdateStatus.IDLE, progress: null };
    await saveOsUpdateState(db, p.deviceId, state, { nextPollAt: null });
  }
  const active = polls.filter((p) => !expired.includes(p));
  const verifying = active.filter((p) => p.progress?.phase === 'verifying').map((p) => p.deviceId);
  if (verifying.length) await mdm.commander.refreshFacts(verifying);
  const asking = active.filter((p) => p.progress?.phase !== 'verifying');
  if (asking.length) {
    const requests = asking.map((p) => ({ deviceId: p.deviceId, build: (uuid: string) => osUpdateStatus({ uuid }) }));
    await mdm.commander.enqueue(requests, { priority: Priority.REFETCH, dedupeKey: 'poll:OSUpdateStatus', ttlMs: COMMAND_TTL_MS });
  }
  const ran = { checked: checks.length, polled: asking.length, verifying: verifying.length, expired: expired.length };
  return Object.values(ran).some(Boolean) ? ran : null;
}

export const osUpdateWatchJob = (db: Db, mdm: MdmEngine): Job => ({ name: 'ios-os-update-watch', everyMs: 15_000, run: () => watchOsUpdates(db, mdm) });
