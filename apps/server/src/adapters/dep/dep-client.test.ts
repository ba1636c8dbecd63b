import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockDep, startMockDep } from '@lease/device-sim';
import { createDepClient, DepError } from './dep-client.ts';

/** The real DEP client against the local stand-in of Apple's Device Assignment service. */
describe('DEP client', () => {
  let dep: MockDep;
  const serials = Array.from({ length: 7 }, (_, i) => `F2LDEP${String(i).padStart(6, '0')}`);

  beforeAll(async () => {
    dep = await startMockDep({ devices: serials.map((serial_number) => ({ serial_number, model: 'iPhone 15 Pro', color: 'BLACK TITANIUM' })) });
  });
  afterAll(() => dep.close());

  const client = () => createDepClient({ origin: dep.origin, token: dep.tokens[0] });

  it('opens a session with a signed OAuth header and reads the account', async () => {
    const account = await client().account();
    expect(account).toMatchObject({ server_name: dep.servers[0].server_name, server_uuid: dep.servers[0].server_uuid, org_name: dep.org.org_name });
    const session = dep.requests.filter((r) => r.path === '/session');
    expect(session.at(-1)?.status).toBe(200);
    expect(dep.requests.at(-1)).toMatchObject({ path: '/account', status: 200, protocolVersion: '7' });
  });

  it('is refused when the signature is made with the wrong secret, and says so in Chinese', async () => {
    const forged = createDepClient({ origin: dep.origin, token: { ...dep.tokens[0], consumer_secret: 'CS_wrong' } });
    const err = await forged.account().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DepError);
    expect(err).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect((err as Error).message).toMatch(/服务器令牌无效或已过期/);
  });

  it('opens a new session when Apple says the old one expired (403 FORBIDDEN) or is unknown (401)', async () => {
    const c = client();
    await c.account();
    const sessionsBefore = dep.requests.filter((r) => r.path === '/session').length;
    dep.expireSessions();
    await expect(c.account()).resolves.toMatchObject({ server_uuid: dep.servers[0].server_uuid });
    expect(
      dep.requests
        .filter((r) => r.path === '/account')
        .slice(-2)
        .map((r) => r.status),
    ).toEqual([403, 200]);
    expect(dep.requests.filter((r) => r.path === '/session').length).toBe(sessionsBefore + 1);
  });

  it('reuses one session across calls of clients that share the session cache', async () => {
    let token: string | null = null;
    const session = { get: () => token, set: (t: string | null) => void (token = t) };
    const before = dep.requests.filter((r) => r.path === '/session').length;
    await createDepClient({ origin: dep.origin, token: dep.tokens[0], session }).account();
    await createDepClient({ origin: dep.origin, token: dep.tokens[0], session }).account();
    expect(dep.requests.filter((r) => r.path === '/session').length).toBe(before + 1);
  });

  it('pages through fetch with the cursor, then syncs only what changed', async () => {
    const c = client();
    const seen: string[] = [];
    let page = await c.fetchDevices(undefined, 3);
    seen.push(...page.devices.map((d) => d.serial_number));
    while (page.more_to_follow) {
      page = await c.fetchDevices(page.cursor, 3);
      seen.push(...page.devices.map((d) => d.serial_number));
    }
    expect(seen).toEqual(serials);
    expect(dep.requests.filter((r) => r.path === '/server/devices').length).toBeGreaterThanOrEqual(3);

    dep.addDevices([{ serial_number: 'F2LDEPNEW001' }]);
    dep.removeDevice(serials[0]);
    const changes = await c.syncDevices(page.cursor);
    expect(changes.devices.map((d) => [d.serial_number, d.op_type])).toEqual([
      ['F2LDEPNEW001', 'added'],
      [serials[0], 'deleted'],
    ]);
    expect(changes.more_to_follow).toBe(false);
    const none = await c.syncDevices(changes.cursor);
    expect(none.devices).toEqual([]);

    dep.expireCursors();
    await expect(c.syncDevices(changes.cursor)).rejects.toMatchObject({ status: 400, code: 'EXPIRED_CURSOR' });
  });

  it('defines our profile and assigns it; serials of other servers are NOT_ACCESSIBLE', async () => {
    const c = client();
    const { profile_uuid } = await c.defineProfile({
      profile_name: '测试门店 设备管理',
      url: 'https://mdm.example.cn/mdm/dep/enroll/x',
      is_supervised: true,
      is_mandatory: true,
      is_mdm_removable: false,
    });
    expect(profile_uuid).toMatch(/^[0-9A-F]{32}$/);
    expect(dep.profiles.get(profile_uuid)).toMatchObject({ url: 'https://mdm.example.cn/mdm/dep/enroll/x', is_mdm_removable: false, is_supervised: true });
    const other = dep.addServer('另一台 MDM');
    dep.addDevices([{ serial_number: 'F2LOTHER0001' }], other.server_uuid);
    const results = await c.assignProfile(profile_uuid, [serials[1], 'F2LOTHER0001']);
    expect(results).toEqual({ [serials[1]]: 'SUCCESS', F2LOTHER0001: 'NOT_ACCESSIBLE' });
    expect(dep.devices.get(serials[1])).toMatchObject({ profile_status: 'assigned', profile_uuid });
    await expect(c.defineProfile({ profile_name: 'x', url: 'not a url' })).rejects.toMatchObject({ code: 'CONFIG_URL_REQUIRED' });
  });

  it('locks a device with its escrow key once; a second lock says DEVICE_ALREADY_LOCKED', async () => {
    const c = client();
    await expect(c.activationLock({ device: serials[2], escrow_key: 'ab'.repeat(32), lost_message: '请联系门店' })).resolves.toEqual({
      serial_number: serials[2],
      response_status: 'SUCCESS',
    });
    expect(dep.activationLocks.get(serials[2])).toMatchObject({ escrow_key: 'ab'.repeat(32), lost_message: '请联系门店' });
    await expect(c.activationLock({ device: serials[2] })).resolves.toMatchObject({ response_status: 'DEVICE_ALREADY_LOCKED' });
    await expect(c.activationLock({ device: 'NOTOURS00001' })).resolves.toMatchObject({ response_status: 'NOT_ACCESSIBLE' });
  });

  it('disowns devices: they leave the server and show up deleted in the next sync', async () => {
    const c = client();
    const start = await c.fetchDevices(undefined, 1000);
    expect(await c.disownDevices([serials[3], 'NOTOURS00001'])).toEqual({ [serials[3]]: 'SUCCESS', NOTOURS00001: 'NOT_ACCESSIBLE' });
    expect(dep.disowned.has(serials[3])).toBe(true);
    const changes = await c.syncDevices(start.cursor);
    expect(changes.devices).toContainEqual(expect.objectContaining({ serial_number: serials[3], op_type: 'deleted' }));
  });

  it('does not retry real refusals (T_C_NOT_SIGNED) and reports an unreachable service as NETWORK', async () => {
    dep.setFault({ path: '/account', status: 403, body: 'T_C_NOT_SIGNED', times: 1 });
    await expect(client().account()).rejects.toMatchObject({ status: 403, code: 'T_C_NOT_SIGNED', message: expect.stringMatching(/条款/) });
    const down = createDepClient({ origin: 'http://127.0.0.1:9', token: dep.tokens[0], timeoutMs: 2000 });
    await expect(down.account()).rejects.toMatchObject({ code: 'NETWORK', message: expect.stringMatching(/无法连接/) });
  });

  it('refuses an expired server token at /session', async () => {
    const s = dep.addServer('过期令牌');
    dep.expireToken(dep.servers.indexOf(s));
    await expect(createDepClient({ origin: dep.origin, token: s.token }).account()).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });
});
