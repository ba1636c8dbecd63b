import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockStatus, OperationStatus, RegulateStatus } from '@lease/shared';
import { operationLog } from '../../domain/operation-log.table.ts';
import { store } from '../../domain/store.table.ts';
import { androidAgent, androidPasscodeUse } from './android-agent.table.ts';
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

/** lockedOfflineAgent: an agent locked by the store, then cut off from the network, with a clock the test moves. */
async function lockedOfflineAgent() {
  const clock = { now: Date.now() };
  const agent = await h.enrolledAgent({ clock: () => clock.now });
  const op = await h.operate(android, agent.deviceId!, 'lock', { message: '逾期未还款' }, { lockStatus: LockStatus.LOCKING, lockMessage: '逾期未还款' });
  await waitUntil(async () => (await h.operation(op)).status === OperationStatus.DONE);
  agent.setOnline(false);
  return { agent, clock };
}

const logOf = (deviceId: string, action: string) =>
  h.db
    .select()
    .from(operationLog)
    .where(and(eq(operationLog.deviceId, deviceId), eq(operationLog.action, action)));

describe('offline passcodes', () => {
  it('a console code for the challenge on screen unlocks once; the use is recorded at the next check-in', async () => {
    const { agent } = await lockedOfflineAgent();
    const id = agent.deviceId!;
    const { challenge } = agent.state().lockScreen;
    const code = await android.passcodes.compute(id, 'unlock', challenge!, 3);
    expect(code).toMatch(/^03\d{8}$/);
    expect(agent.enterPasscode(code)).toEqual({ ok: true, purpose: 'unlock', grantDays: 3 });
    expect(agent.state().lockScreen.locked).toBe(false);

    // Locked again (a new epoch and challenge): the spent code no longer opens it.
    (agent as unknown as { data: { offlineDeadline: number } }).data.offlineDeadline = 0;
    await agent.tick();
    expect(agent.state().lockScreen).toMatchObject({ locked: true, reason: 'offline' });
    expect(agent.enterPasscode(code)).toMatchObject({ ok: false, reason: 'wrong' });

    // Back online: the check-in reports the use; recorded once, with an operation-log entry, and the device follows.
    expect((await h.device(id)).lockStatus).toBe(LockStatus.LOCKED);
    agent.setOnline(true);
    await agent.checkin();
    await agent.checkin();
    const uses = await h.db.select().from(androidPasscodeUse).where(eq(androidPasscodeUse.deviceId, id));
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({ purpose: 'unlock', challenge, grantDays: 3, lockEpoch: 1 });
    const [used] = await logOf(id, 'offline-unlock-used');
    expect(used).toMatchObject({ status: OperationStatus.DONE, detail: expect.objectContaining({ challenge }) });
    const device = await h.device(id);
    expect(device.lockStatus).toBe(LockStatus.UNLOCKED);
    expect(device.lockEpoch).toBe(2);
    expect(await logOf(id, 'offline-lock')).toHaveLength(1);
    // Online and the store wants it unlocked: the offline self-lock is lifted by the policy.
    expect(agent.state().lockScreen.locked).toBe(false);
  });

  it('accepts a code computed for an older epoch after offline self-locks (window of 3)', async () => {
    const { agent, clock } = await lockedOfflineAgent();
    const id = agent.deviceId!;
    const first = await android.passcodes.compute(id, 'unlock', agent.state().lockScreen.challenge!);
    expect(agent.enterPasscode(first).ok).toBe(true);
    clock.now += 100 * HOUR;
    await agent.tick();
    expect(agent.state()).toMatchObject({ lockEpoch: 2, lockScreen: { locked: true, reason: 'offline' } });
    // The server still knows epoch 1; its code for the new challenge still works.
    const second = await android.passcodes.compute(id, 'unlock', agent.state().lockScreen.challenge!);
    expect(agent.enterPasscode(second).ok).toBe(true);
  });

  it('wrong codes back off exponentially after five failures, and the challenge rotates', async () => {
    const { agent, clock } = await lockedOfflineAgent();
    const id = agent.deviceId!;
    const q = agent.state().lockScreen.challenge!;
    for (let i = 0; i < 4; i++) expect(agent.enterPasscode('0000000000')).toMatchObject({ ok: false, reason: 'wrong' });
    expect(agent.state().lockScreen.challenge).toBe(q);
    expect(agent.enterPasscode('0000000000')).toMatchObject({ ok: false, reason: 'wrong', retryInMs: 30_000 });
    const q2 = agent.state().lockScreen.challenge!;
    expect(q2).not.toBe(q);
    const good = await android.passcodes.compute(id, 'unlock', q2);
    expect(agent.enterPasscode(good)).toMatchObject({ ok: false, reason: 'blocked' });
    clock.now += 31_000;
    expect(agent.enterPasscode('1111111111')).toMatchObject({ ok: false, reason: 'wrong', retryInMs: 60_000 });
    clock.now += 61_000;
    expect(agent.enterPasscode(good).ok).toBe(true);
  });

  it('a deregulate code (12 digits, its own key) lifts regulation; an unlock code cannot', async () => {
    const clock = { now: Date.now() };
    const agent = await h.enrolledAgent({ clock: () => clock.now });
    const id = agent.deviceId!;
    const reg = await h.operate(android, id, 'regulate', { restriction: { no_factory_reset: true } }, { regulateStatus: RegulateStatus.REGULATING });
    const lock = await h.operate(android, id, 'lock', { message: '监管中' }, { lockStatus: LockStatus.LOCKING });
    for (const op of [reg, lock]) await waitUntil(async () => (await h.operation(op)).status === OperationStatus.DONE);
    agent.setOnline(false);
    const q = agent.state().lockScreen.challenge!;
    const dereg = await android.passcodes.compute(id, 'deregulate', q);
    expect(dereg).toMatch(/^\d{12}$/);
    expect(dereg).not.toContain(await android.passcodes.compute(id, 'unlock', q));
    expect(agent.enterPasscode(dereg)).toMatchObject({ ok: true, purpose: 'deregulate' });
    expect(agent.state()).toMatchObject({ regulated: false, lockScreen: { locked: false } });
    agent.setOnline(true);
    await agent.checkin();
    expect(await h.device(id)).toMatchObject({ regulateStatus: RegulateStatus.UNREGULATED, lockStatus: LockStatus.UNLOCKED });
    expect(await logOf(id, 'offline-deregulate-used')).toHaveLength(1);
  });

  it('refuses a malformed challenge or grant with a Chinese 400', async () => {
    const agent = await h.enrolledAgent({}, false);
    await expect(android.passcodes.compute(agent.deviceId!, 'unlock', '12ab')).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('挑战码'),
    });
    await expect(android.passcodes.compute(agent.deviceId!, 'unlock', '12345678', 31)).rejects.toMatchObject({ statusCode: 400 });
    await expect(android.passcodes.compute('00000000-0000-4000-8000-000000000000', 'unlock', '12345678')).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('offline self-lock', () => {
  it('locks itself past the store’s limit; the server records it when it hears back, then the policy decides', async () => {
    await h.db.update(store).set({ androidOfflineLockHours: 2 }).where(eq(store.id, h.admin.clerk.storeId));
    const clock = { now: Date.now() };
    const agent = await h.enrolledAgent({ clock: () => clock.now });
    const id = agent.deviceId!;
    expect(agent.data.offlineLockHours).toBe(2);
    agent.setOnline(false);
    clock.now += 1.5 * HOUR;
    await agent.tick();
    expect(agent.state().lockScreen.locked).toBe(false);
    clock.now += 1 * HOUR;
    await agent.tick();
    expect(agent.state().lockScreen).toMatchObject({ locked: true, reason: 'offline', message: expect.stringContaining('2 小时未联网') });

    agent.setOnline(true);
    await agent.checkin();
    const [entry] = await logOf(id, 'offline-lock');
    expect(entry.result).toContain('超过 2 小时未联网');
    expect((await h.device(id)).lockEpoch).toBe(1);
    // Reachable again and the store has not locked it: the policy lifts the self-lock, and the next check-in says so.
    expect(agent.state().lockScreen.locked).toBe(false);
    await agent.checkin();
    const [cred] = await h.db.select().from(androidAgent).where(eq(androidAgent.deviceId, id));
    expect(cred.offlineLockedAt).toBeNull();
    await h.db.update(store).set({ androidOfflineLockHours: 72 }).where(eq(store.id, h.admin.clerk.storeId));
  });
});
