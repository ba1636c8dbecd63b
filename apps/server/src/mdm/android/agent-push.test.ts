import { eq } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockStatus, OperationStatus, RegulateStatus } from '@lease/shared';
import { MAX_WS_FRAME } from '@lease/shared/agent-protocol';
import { androidLocationLog } from '../../domain/android-device.table.ts';
import { storeApiSetting } from '../../domain/store-api.table.ts';
import { webhookEvent } from '../../domain/webhook.table.ts';
import { wallpaper } from '../../modules/wallpaper/wallpaper.table.ts';
import { androidCommand } from './android-agent.table.ts';
import type { AndroidEngineInternal } from './android-engine.ts';
import { type AndroidHarness, startAndroidHarness, waitUntil } from './test/android-harness.ts';

let h: AndroidHarness;
let android: AndroidEngineInternal;
beforeAll(async () => {
  h = await startAndroidHarness();
  android = h.android as AndroidEngineInternal;
});
afterAll(async () => h?.close());

type Signer = { signer: { authorization: (id: string, method: string, path: string, body: undefined, now: number) => string } };
const wsUrl = () => `${h.origin.replace('http', 'ws')}/agent/v1/ws`;

/** openRaw opens a WebSocket with the given headers and says how the upgrade ended. */
function openRaw(headers: Record<string, string>): Promise<{ status: number; ws?: WebSocket }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl(), { headers });
    ws.on('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      res.resume();
    });
    ws.on('open', () => resolve({ status: 101, ws }));
    ws.on('error', () => {});
  });
}

describe('WebSocket upgrade', () => {
  it('refuses a foreign Origin, no credential and another device’s credential; accepts the device itself', async () => {
    const a = await h.enrolledAgent({}, false);
    const b = await h.enrolledAgent({}, false);
    const sign = (agent: typeof a, claimed: string) => (agent as unknown as Signer).signer.authorization(claimed, 'GET', '/agent/v1/ws', undefined, Date.now());
    expect((await openRaw({})).status).toBe(401);
    expect((await openRaw({ authorization: sign(b, a.deviceId!) })).status).toBe(401);
    expect((await openRaw({ authorization: sign(a, a.deviceId!), origin: 'https://evil.example' })).status).toBe(403);
    const ok = await openRaw({ authorization: sign(a, a.deviceId!) });
    expect(ok.status).toBe(101);
    ok.ws!.close();
  });

  it('closes the socket on a frame larger than the limit (1009) and on a malformed frame (4400)', async () => {
    const a = await h.enrolledAgent({}, false);
    const auth = (a as unknown as Signer).signer.authorization(a.deviceId!, 'GET', '/agent/v1/ws', undefined, Date.now());
    const big = await openRaw({ authorization: auth });
    const closed = new Promise<number>((resolve) => big.ws!.on('close', (code) => resolve(code)));
    big.ws!.send(JSON.stringify({ t: 'result', results: [], pad: 'x'.repeat(MAX_WS_FRAME + 10) }));
    expect(await closed).toBe(1009);

    const auth2 = (a as unknown as Signer).signer.authorization(a.deviceId!, 'GET', '/agent/v1/ws', undefined, Date.now());
    const bad = await openRaw({ authorization: auth2 });
    const closed2 = new Promise<number>((resolve) => bad.ws!.on('close', (code) => resolve(code)));
    bad.ws!.send('{"t":"result","results":"nope"}');
    expect(await closed2).toBe(4400);
  });
});

describe('commands', () => {
  it('lock → the agent shows the lock screen → operation DONE, device LOCKED with the new epoch', async () => {
    const agent = await h.enrolledAgent();
    const id = agent.deviceId!;
    const op = await h.operate(
      android,
      id,
      'lock',
      { message: '请尽快还款', phone_number: '13800000000' },
      { lockStatus: LockStatus.LOCKING, lockMessage: '请尽快还款', lockPhoneNumber: '13800000000' },
    );
    await waitUntil(async () => (await h.operation(op)).status === OperationStatus.DONE);
    expect((await h.operation(op)).result).toBe('设备已锁定');
    expect(agent.state().lockScreen).toMatchObject({ locked: true, message: '请尽快还款', phone: '13800000000' });
    expect(agent.state().lockScreen.challenge).toMatch(/^\d{8}$/);
    expect(await h.device(id)).toMatchObject({ lockStatus: LockStatus.LOCKED, lockEpoch: 1 });

    const unlock = await h.operate(android, id, 'unlock', {}, { lockStatus: LockStatus.UNLOCKING });
    await waitUntil(async () => (await h.operation(unlock)).status === OperationStatus.DONE);
    expect(agent.state().lockScreen.locked).toBe(false);
    expect((await h.device(id)).lockStatus).toBe(LockStatus.UNLOCKED);
  });

  it('location, apps, restrictions and regulation are written back to the device', async () => {
    const agent = await h.enrolledAgent();
    const id = agent.deviceId!;
    agent.moveTo(22.5431, 114.0579);
    const loc = await h.operate(android, id, 'get-location');
    const apps = await h.operate(android, id, 'get-installed-app-list');
    const restr = await h.operate(android, id, 'set-system-restriction', { restriction: { no_factory_reset: true, 'unknown.key': true, no_safe_boot: false } });
    const reg = await h.operate(android, id, 'regulate', {}, { regulateStatus: RegulateStatus.REGULATING });
    for (const op of [loc, apps, restr, reg]) await waitUntil(async () => (await h.operation(op)).status === OperationStatus.DONE);
    expect((await h.operation(loc)).result).toBe('已定位：22.543100, 114.057900');
    const device = await h.device(id);
    expect(device.lastActiveLocation).toMatchObject({ latitude: 22.5431, longitude: 114.0579 });
    expect((await h.db.select().from(androidLocationLog).where(eq(androidLocationLog.deviceId, id))).some((l) => l.latitude === 22.5431)).toBe(true);
    expect(device.installedApps.map((a) => a.package_name)).toEqual(agent.data.apps.map((a) => a.package_name));
    expect(device.restrictionReport).toMatchObject({ unsupported: ['unknown.key'] });
    expect((await h.operation(restr)).result).toContain('本机渠道不支持：unknown.key');
    expect(device.regulateStatus).toBe(RegulateStatus.REGULATED);
    expect(agent.state().regulated).toBe(true);
  });

  it('an offline agent gets its command on the next poll', async () => {
    const agent = await h.enrolledAgent();
    agent.setOnline(false);
    await waitUntil(() => !android.gateway.hub.isConnected(agent.deviceId!));
    const op = await h.operate(android, agent.deviceId!, 'lock', { message: '离线时锁定' }, { lockStatus: LockStatus.LOCKING, lockMessage: '离线时锁定' });
    // With no socket the wake-up reaches nobody: the command is still waiting for the phone, and the proof is the
    // poll below finding it (a delivery over a socket would have left nothing to fetch), not a wait.
    expect(android.gateway.hub.isConnected(agent.deviceId!)).toBe(false);
    expect((await h.operation(op)).status).toBe(OperationStatus.QUEUED);
    expect(agent.state().lockScreen).toMatchObject({ locked: false });
    // Network back but no socket yet: the HTTP poll fetches it.
    (agent as unknown as { offline: boolean }).offline = false;
    expect(await agent.pollCommands()).toBe(1);
    await waitUntil(async () => (await h.operation(op)).status === OperationStatus.DONE);
    expect(agent.state().lockScreen).toMatchObject({ locked: true, message: '离线时锁定' });
  });

  it('records a result once: a repeated answer (HTTP or socket) changes nothing more', async () => {
    const agent = await h.enrolledAgent({}, false);
    const id = agent.deviceId!;
    const op = await h.operate(android, id, 'lock', { message: '一次' }, { lockStatus: LockStatus.LOCKING });
    const { commands } = await agent.request<{ commands: { id: string }[] }>('GET', '/agent/v1/commands');
    const result = { command_id: commands[0].id, status: 'done', data: { lock_epoch: 1 } };
    await agent.request('POST', '/agent/v1/results', { results: [result] });
    const first = await h.operation(op);
    expect(first.status).toBe(OperationStatus.DONE);
    // A late failure for the same command, and a result for a command of another device, are both ignored.
    await agent.request('POST', '/agent/v1/results', { results: [{ ...result, status: 'failed', error: '重复' }] });
    const other = await h.enrolledAgent({}, false);
    const otherOp = await h.operate(android, other.deviceId!, 'get-location');
    const [otherCmd] = await h.db.select().from(androidCommand).where(eq(androidCommand.operationLogId, otherOp));
    await agent.request('POST', '/agent/v1/results', { results: [{ command_id: otherCmd.id, status: 'failed', error: '冒充' }] });
    expect(await h.operation(op)).toMatchObject({ status: OperationStatus.DONE, result: '设备已锁定', dateUpdated: first.dateUpdated });
    expect((await h.operation(otherOp)).status).toBe(OperationStatus.QUEUED);
    expect((await h.device(id)).lockStatus).toBe(LockStatus.LOCKED);
  });

  it('re-serves a command that was sent but never answered', async () => {
    const agent = await h.enrolledAgent({}, false);
    const op = await h.operate(android, agent.deviceId!, 'get-location');
    const first = await agent.request<{ commands: { id: string }[] }>('GET', '/agent/v1/commands');
    expect((await h.operation(op)).status).toBe(OperationStatus.SENT);
    // The answer was lost; the next poll (or reconnect) hands out the same command id again.
    const again = await agent.request<{ commands: { id: string }[] }>('GET', '/agent/v1/commands');
    expect(again.commands.map((c) => c.id)).toEqual(first.commands.map((c) => c.id));
  });

  it('release revokes the credential once acknowledged; the agent is refused from then on', async () => {
    const agent = await h.enrolledAgent();
    const op = await h.operate(android, agent.deviceId!, 'release', {}, { archived: true });
    await waitUntil(async () => (await h.operation(op)).status === OperationStatus.DONE);
    await waitUntil(() => agent.state().released);
    const res = await h.app.inject({ method: 'GET', url: '/agent/v1/policy' });
    expect(res.statusCode).toBe(401);
    expect((await h.device(agent.deviceId!)).enrollmentStatus).toBe(3);
  });

  it('emits webhooks for the store that asked for them (device.locked, device.location)', async () => {
    await h.db.insert(storeApiSetting).values({ storeId: h.admin.clerk.storeId, enabled: true, callbackUrl: 'https://erp.example/cb' }).onConflictDoNothing();
    const agent = await h.enrolledAgent();
    const id = agent.deviceId!;
    const lock = await h.operate(android, id, 'lock', { message: '回调' }, { lockStatus: LockStatus.LOCKING });
    const loc = await h.operate(android, id, 'get-location');
    for (const op of [lock, loc]) await waitUntil(async () => (await h.operation(op)).status === OperationStatus.DONE);
    const events = await h.db.select().from(webhookEvent).where(eq(webhookEvent.deviceId, id));
    expect(events.map((e) => e.type).sort()).toEqual(['device.enrolled', 'device.location', 'device.locked']);
    expect(events.every((e) => e.platform === 'android')).toBe(true);
    await h.db.delete(storeApiSetting).where(eq(storeApiSetting.storeId, h.admin.clerk.storeId));
  });

  it('commands expire: the operation fails with a Chinese reason and the command is never served', async () => {
    const agent = await h.enrolledAgent({}, false);
    const op = await h.operate(android, agent.deviceId!, 'get-location');
    await h.db
      .update(androidCommand)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(androidCommand.operationLogId, op));
    await Promise.all(android.jobs.map((j) => j.run()));
    expect(await h.operation(op)).toMatchObject({ status: OperationStatus.FAILED, result: '指令已过期：设备长时间未上线' });
    expect((await agent.request<{ commands: unknown[] }>('GET', '/agent/v1/commands')).commands).toHaveLength(0);
  });

  it('serves a wallpaper of the agent’s own store only', async () => {
    const agent = await h.enrolledAgent({}, false);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    const row = (storeId: string) => ({ storeId, content: jpeg, thumbnail: jpeg, width: 1, height: 1, byteSize: jpeg.length });
    const [own] = await h.db.insert(wallpaper).values(row(h.admin.clerk.storeId)).returning({ id: wallpaper.id });
    const [foreign] = await h.db
      .insert(wallpaper)
      .values(row((await h.newStore()).id))
      .returning({ id: wallpaper.id });
    expect(await agent.request<Buffer>('GET', `/agent/v1/wallpapers/${own.id}`)).toEqual(jpeg);
    await expect(agent.request('GET', `/agent/v1/wallpapers/${foreign.id}`)).rejects.toMatchObject({ status: 404 });
  });
});
