import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnrollmentStatus, LockStatus, OperationStatus, RegulateStatus } from '@lease/shared';
import { type AndroidHarness, startAndroidHarness, waitUntil } from '../../mdm/android/test/android-harness.ts';
import { TEST_PASSWORD } from '../../test/build-test-app.ts';

/**
 * The console's operations against the real agent gateway and a simulated agent on its WebSocket: what the
 * route queues is what the phone does, and the operation log follows it to 已完成.
 */
let h: AndroidHarness;
beforeAll(async () => {
  h = await startAndroidHarness();
});
afterAll(() => h.close());

const op = (id: string, name: string, payload?: object) =>
  h.app.inject({ method: 'POST', url: `/api/device/android/${id}/operation/${name}`, headers: h.admin.headers, ...(payload ? { payload } : {}) });

describe('console operations reach the agent', () => {
  it('locks with the message, regulates with the restriction map, unlocks offline with the issued code and archives', async () => {
    const agent = await h.enrolledAgent();
    const id = agent.deviceId!;

    const lock = await op(id, 'lock', { message: '租金逾期，请联系门店', phone_number: '13800001234' });
    expect(lock.statusCode).toBe(200);
    await waitUntil(() => agent.state().lockScreen.locked);
    expect(agent.state().lockScreen).toMatchObject({ message: '租金逾期，请联系门店', phone: '13800001234', reason: 'command' });
    await waitUntil(async () => (await h.operation(lock.json().operation_log_id)).status === OperationStatus.DONE);
    expect((await h.device(id)).lockStatus).toBe(LockStatus.LOCKED);

    await op(id, 'set-system-restriction', { restriction: { no_camera: true } });
    await op(id, 'regulate');
    await waitUntil(() => agent.state().regulated);
    expect(agent.state().restrictions).toMatchObject({ no_camera: true, no_factory_reset: true });
    await waitUntil(async () => (await h.device(id)).regulateStatus === RegulateStatus.REGULATED);

    // The phone loses its network; the hirer reads the challenge; the store's code unlocks it on the spot.
    agent.setOnline(false);
    const challenge = agent.state().lockScreen.challenge!;
    const issued = await op(id, 'get-unlock-passcode', { challenge, password: TEST_PASSWORD });
    expect(issued.statusCode).toBe(200);
    expect(agent.enterPasscode(issued.json().passcode)).toMatchObject({ ok: true });
    expect(agent.state().lockScreen.locked).toBe(false);
    agent.setOnline(true);
    await agent.checkin();
    await waitUntil(async () => (await h.device(id)).lockStatus === LockStatus.UNLOCKED);

    const archive = await op(id, 'archive');
    expect(archive.statusCode).toBe(200);
    await waitUntil(() => agent.state().released);
    const row = await h.device(id);
    expect(row.archived).toBe(true);
    await waitUntil(async () => (await h.device(id)).enrollmentStatus === EnrollmentStatus.RELEASED);
    expect((await h.operation(archive.json().operation_log_id)).status).toBe(OperationStatus.DONE);
  });
});
