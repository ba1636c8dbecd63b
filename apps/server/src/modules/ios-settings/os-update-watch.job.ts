import { OsUpdateStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { Priority } from '../../mdm/apple/commander.ts';
import { availableOSUpdates, osUpdateStatus } from '../../mdm/apple/commands.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import { COMMAND_TTL_MS, POLL_MS, RECHECK_MS } from './os-update-timing.ts';
import { claimDueChecks, claimDuePolls, saveOsUpdateState, setWatch } from './ios-settings.repo.ts';
import { updatePathOf } from './os-update-ddm.ts';
import { stateOf } from './os-update-answers.ts';

/** DdmUpdates is what the job needs of the OS-update service for iOS 17+ phones, which take no OS-update commands. */
export interface DdmUpdates {
  pathOf(d: { osVersion: string }): 'ddm' | 'command';
  refreshLists(phones: { id: string; storeId: string; model: string; osVersion: string }[], now?: Date): Promise<void>;
}

/** Without the OS-update service (tests): the path goes by the version alone, and iOS 17+ lists are not refreshed. */
const byVersion: DdmUpdates = { pathOf: (d) => updatePathOf(d.osVersion) ?? 'command', refreshLists: async () => {} };

/**
 * watchOsUpdates is the OS-update job (DESIGN §8 "OS-update schedules"): it refreshes the available list of phones
 * whose list is due (new OS version since the last answer, or a day old), so need_os_update is known without a
 * click: AvailableOSUpdates below iOS 17, Apple's software lookup for iOS 17+. While an update runs on an old phone
 * it asks OSUpdateStatus every POLL_MS, or, once the install ended, the device facts that confirm the new version;
 * iOS 17+ phones report their progress in status items and are never polled. Dedupe keys keep one such command
 * pending per phone; claims use SKIP LOCKED.
 */
export async function watchOsUpdates(db: Db, mdm: MdmEngine, now = new Date(), updates: DdmUpdates = byVersion) {
  const checks = await claimDueChecks(db, now, new Date(now.getTime() + RECHECK_MS));
  const ddmChecks = checks.filter((c) => updates.pathOf(c) === 'ddm');
  const commandChecks = checks.filter((c) => updates.pathOf(c) === 'command');
  if (ddmChecks.length)
    await updates.refreshLists(
      ddmChecks.map((c) => ({ id: c.deviceId, storeId: c.storeId, model: c.model, osVersion: c.osVersion })),
      now,
    );
  if (commandChecks.length) {
    const requests = commandChecks.map((c) => ({ deviceId: c.deviceId, build: (uuid: string) => availableOSUpdates({ uuid }) }));
    await mdm.commander.enqueue(requests, { priority: Priority.REFETCH, dedupeKey: 'refetch:AvailableOSUpdates', ttlMs: COMMAND_TTL_MS });
  }

  const polls = await claimDuePolls(db, now, new Date(now.getTime() + POLL_MS));
  const expired = polls.filter((p) => p.pollUntil && p.pollUntil <= now);
  for (const p of expired) {
    const state = p.progress ? stateOf(p.progress, 'failed', now, '设备长时间未完成此更新') : { status: OsUpdateStatus.IDLE, progress: null };
    await saveOsUpdateState(db, p.deviceId, state, { nextPollAt: null });
  }
  // A phone that moved to iOS 17+ while an old-path update ran stops being polled: it reports status instead.
  const moved = polls.filter((p) => !expired.includes(p) && updates.pathOf(p) === 'ddm');
  for (const p of moved) await setWatch(db, p.deviceId, { nextPollAt: null });
  const active = polls.filter((p) => !expired.includes(p) && !moved.includes(p));
  const verifying = active.filter((p) => p.progress?.phase === 'verifying').map((p) => p.deviceId);
  if (verifying.length) await mdm.commander.refreshFacts(verifying);
  const asking = active.filter((p) => p.progress?.phase !== 'verifying');
  if (asking.length) {
    const requests = asking.map((p) => ({ deviceId: p.deviceId, build: (uuid: string) => osUpdateStatus({ uuid }) }));
    await mdm.commander.enqueue(requests, { priority: Priority.REFETCH, dedupeKey: 'poll:OSUpdateStatus', ttlMs: COMMAND_TTL_MS });
  }
  const ran = { checked: commandChecks.length, listed: ddmChecks.length, polled: asking.length, verifying: verifying.length, expired: expired.length };
  return Object.values(ran).some(Boolean) ? ran : null;
}

export const osUpdateWatchJob = (db: Db, mdm: MdmEngine, updates: DdmUpdates): Job => ({
  name: 'ios-os-update-watch',
  everyMs: 15_000,
  run: () => watchOsUpdates(db, mdm, new Date(), updates),
});
