import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockStatus, OperationStatus } from '@lease/shared';
import type { AndroidLeaseOffline } from '@lease/shared/agent-protocol';
import type { SimulatedAndroidAgent } from '@lease/device-sim';
import { androidDevice } from '../../domain/android-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { storeApiSetting } from '../../domain/store-api.table.ts';
import { webhookEvent } from '../../domain/webhook.table.ts';
import { androidAgent } from './android-agent.table.ts';
import type { AndroidEngineInternal } from './android-engine.ts';
import { type AndroidHarness, startAndroidHarness, waitUntil } from './test/android-harness.ts';

let h: AndroidHarness;
let android: AndroidEngineInternal;
beforeAll(async () => {
  h = await startAndroidHarness();
  android = h.android as AndroidEngineInternal;
});
afterAll(async () => h?.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const terms = (lockAt: Date | null, extra: Partial<AndroidLeaseOffline> = {}): AndroidLeaseOffline => ({
  paid_through: '2026-11-30',
  grace_days: 3,
  lock_at: lockAt?.toISOString() ?? null,
  lock_message: '分期第 2 期已逾期，请联系门店还款',
  lock_phone_number: '4008001234',
  notice: null,
  ...extra,
});

/** setTerms does what the lease module does when a plan's terms change: write them and bump the policy version. */
async function setTerms(deviceId: string, lease: AndroidLeaseOffline | null) {
  await h.db
    .update(androidDevice)
    .set({ leaseOffline: lease, policyVersion: sql`${androidDevice.policyVersion} + 1` })
    .where(eq(androidDevice.id, deviceId));
}

/** sync lets the agent check in, which fetches the policy when its version moved. */
async function sync(agent: SimulatedAndroidAgent) {
  await agent.checkin();
  expect(agent.state().policyVersion).toBe((await h.device(agent.deviceId!)).policyVersion);
}

const logOf = (deviceId: string, action: string) =>
  h.db
    .select()
    .from(operationLog)
    .where(and(eq(operationLog.deviceId, deviceId), eq(operationLog.action, action)));

describe('lease plan offline terms', () => {
  it('locks itself offline at lock_at with the plan’s message; an offline code opens it; the server records the lease self-lock', async () => {
    await h.db.insert(storeApiSetting).values({ storeId: h.admin.clerk.storeId, enabled: true, callbackUrl: 'https://erp.example/cb' }).onConflictDoNothing();
    const clock = { now: Date.now() };
    const agent = await h.enrolledAgent({ clock: () => clock.now });
    const id = agent.deviceId!;
    const lockAt = new Date(Date.now() + HOUR);
    await setTerms(id, terms(lockAt));
    await sync(agent);
    expect(agent.state().lease).toMatchObject({ lock_at: lockAt.toISOString() });

    // Out of reach before lock_at, and never reaching the server again until the end.
    agent.setOnline(false);
    clock.now += 0.5 * HOUR;
    await agent.tick();
    expect(agent.state().lockScreen.locked).toBe(false);
    clock.now += 0.6 * HOUR;
    await agent.tick();
    expect(agent.state()).toMatchObject({
      lockEpoch: 1,
      lockScreen: { locked: true, reason: 'lease-overdue', message: '分期第 2 期已逾期，请联系门店还款', phone: '4008001234' },
    });

    // The store reads the challenge and gives a code good for one day (the server still knows epoch 0).
    const code = await android.passcodes.compute(id, 'unlock', agent.state().lockScreen.challenge!, 1);
    expect(agent.enterPasscode(code)).toEqual({ ok: true, purpose: 'unlock', grantDays: 1 });
    // lock_at is still past, but the code holds the lease lock off for its grant.
    clock.now += 12 * HOUR;
    await agent.tick();
    expect(agent.state().lockScreen.locked).toBe(false);
    // The grant is over and the phone is still offline: locked for the lease again, a new epoch.
    clock.now += 12 * HOUR;
    await agent.tick();
    expect(agent.state()).toMatchObject({ lockEpoch: 2, lockScreen: { locked: true, reason: 'lease-overdue' } });

    // Meanwhile the hirer paid: the lease module moved lock_at on; the store never locked the phone.
    await setTerms(id, terms(new Date(Date.now() + 30 * DAY)));
    agent.setOnline(true);
    await agent.checkin();
    await waitUntil(() => !agent.state().lockScreen.locked);

    const [entry] = await logOf(id, 'offline-lock');
    expect(entry).toMatchObject({ status: OperationStatus.DONE, detail: expect.objectContaining({ reason: 'lease-overdue', lock_epoch: 2 }) });
    expect(entry.result).toContain('分期逾期');
    expect(await logOf(id, 'offline-unlock-used')).toHaveLength(1);
    const locked = await h.db
      .select()
      .from(webhookEvent)
      .where(and(eq(webhookEvent.deviceId, id), eq(webhookEvent.type, 'device.locked')));
    expect(locked).toHaveLength(1);
    expect(locked[0].payload).toMatchObject({ data: { reason: 'lease-overdue' } });
    expect(await h.device(id)).toMatchObject({ lockStatus: LockStatus.UNLOCKED, lockEpoch: 2 });

    // The next check-in says unlocked: the server forgets the self-lock, and the phone stays open.
    await agent.checkin();
    const [cred] = await h.db.select().from(androidAgent).where(eq(androidAgent.deviceId, id));
    expect(cred.offlineLockedAt).toBeNull();
    await agent.tick();
    expect(agent.state().lockScreen.locked).toBe(false);
    expect(await logOf(id, 'offline-lock')).toHaveLength(1);
    await h.db.delete(storeApiSetting).where(eq(storeApiSetting.storeId, h.admin.clerk.storeId));
  });

  it('a phone reachable at lock_at locks itself and reports it at once; then the server, reachable, has the last word', async () => {
    // No check-in of its own on connect: a policy fetched before lock_at and landing late would unlock it again.
    const agent = await h.enrolledAgent({ checkinOnConnect: false });
    const id = agent.deviceId!;
    const lockAt = new Date(Date.now() + 1500);
    await setTerms(id, terms(lockAt));
    await sync(agent);
    expect(agent.state().lockScreen.locked).toBe(false);
    // Real time this once: the agent's own tick finds lock_at passed, locks, and checks in at once.
    await waitUntil(async () => {
      await agent.tick();
      return (await logOf(id, 'offline-lock')).length > 0;
    });
    const [entry] = await logOf(id, 'offline-lock');
    expect(entry.detail).toMatchObject({ reason: 'lease-overdue', lock_epoch: 1 });
    expect((await h.device(id)).lockEpoch).toBe(1);
    // The check-in fetched a policy issued after lock_at that does not lock: the server judged these terms (its
    // lease watch locks an overdue phone by command; an unlocked phone is a clerk's decision), so the phone is open.
    expect(agent.state().lockScreen.locked).toBe(false);
    await agent.tick();
    expect(agent.state().lockScreen.locked).toBe(false);
    // The watch's lock (desired state locked) is followed; new terms (a later lock_at) are judged afresh.
    await h.db
      .update(androidDevice)
      .set({ lockStatus: LockStatus.LOCKING, lockMessage: '已欠费锁定', policyVersion: sql`${androidDevice.policyVersion} + 1` })
      .where(eq(androidDevice.id, id));
    await sync(agent);
    expect(agent.state().lockScreen).toMatchObject({ locked: true, reason: 'command' });
  });

  it('shows the notice the hirer cannot dismiss until a policy without it arrives; kept in the state file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-notice-'));
    const file = path.join(dir, 'agent.json');
    const agent = await h.enrolledAgent({ stateFile: file });
    const id = agent.deviceId!;
    const notice = { title: '还款提醒', text: '第 3 期将于 12 月 5 日到期，应还 399.00 元' };
    await setTerms(id, terms(new Date(Date.now() + 5 * DAY), { notice }));
    await sync(agent);
    expect(agent.state().notice).toEqual(notice);
    expect(agent.dismissNotice()).toBe(false);
    expect(agent.state().notice).toEqual(notice);

    // Switched off and on again: the terms and the notice come back from the state file.
    await agent.stop();
    const again = h.newAgent({ stateFile: file });
    expect(again.state()).toMatchObject({ notice, lease: { lock_message: '分期第 2 期已逾期，请联系门店还款' } });

    await setTerms(id, terms(new Date(Date.now() + 35 * DAY)));
    await sync(again);
    expect(again.state().notice).toBeNull();
    await again.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
