import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DnsSettingStatus, GlobalProxyStatus, Module, OperationStatus, Perm, SuperviseStatus } from '@lease/shared';
import { mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { parsePlistDict } from '../../mdm/apple/plist.ts';
import { ManagedProfileKind, managedProfileId } from '../../mdm/apple/profiles/managed-profile.ts';
import * as commands from '../../mdm/apple/commands.ts';
import { validateCommand, validateProfile } from '../../mdm/apple/schema/validate.ts';
import { type MdmHarness, startMdmHarness, waitFor } from '../../test/mdm-harness.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { buildDnsProfile, buildGlobalProxyProfile } from './network-profiles.ts';

type Headers = { authorization: string };

let h: MdmHarness;
let storeId: string;
let admin: Headers;
let ab17: Headers;
let noPerm: Headers;
const PAC = 'https://pac.zujibao.test/proxy.pac';
const PROXY_ID = managedProfileId(ManagedProfileKind.GLOBAL_HTTP_PROXY);
const DNS_ID = managedProfileId(ManagedProfileKind.DNS);

beforeAll(async () => {
  h = await startMdmHarness();
  storeId = (await h.t.newStore()).id;
  admin = (await h.t.signedIn({ storeId, isAdmin: true })).headers;
  ab17 = (await h.t.signedIn({ storeId, permission: `${Perm.APPLE_SET_SYSTEM_RESTRICTION},${Perm.APPLE_LIST_VIEW_ALL}` })).headers;
  noPerm = (await h.t.signedIn({ storeId, permission: Perm.APPLE_LIST_VIEW_ALL })).headers;
});
afterAll(() => h.close());

const post = (headers: Headers, name: string, payload: object, key?: string) =>
  h.t.app.inject({ method: 'POST', url: `/api/device/ios/command/${name}`, headers: key ? { ...headers, 'idempotency-key': key } : headers, payload });
const device = async (id: string) => (await h.t.db.select().from(iosDevice).where(eq(iosDevice.id, id)))[0];
const operation = async (id: string) => (await h.t.db.select().from(operationLog).where(eq(operationLog.id, id)))[0];
const queued = (deviceId: string) => h.t.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, deviceId));
const enrolled = (values: Partial<typeof iosDevice.$inferInsert> = {}) =>
  h.t.newIosDevice({ storeId, enrolled: true, superviseStatus: SuperviseStatus.SUPERVISED, osVersion: '17.5.1', ...values });
const finished = (id: string) =>
  waitFor(async () => {
    const row = await operation(id);
    return row.status === OperationStatus.DONE || row.status === OperationStatus.FAILED ? row : null;
  });

describe('profiles and commands against Apple’s schema', () => {
  it('builds the global proxy profile as ProxyType Auto with the PAC URL, fallback and captive login allowed', () => {
    const profile = parsePlistDict(buildGlobalProxyProfile(PAC));
    expect(validateProfile(profile)).toEqual([]);
    expect(profile.PayloadIdentifier).toBe(PROXY_ID);
    expect((profile.PayloadContent as Record<string, unknown>[])[0]).toMatchObject({
      PayloadType: 'com.apple.proxy.http.global',
      ProxyType: 'Auto',
      ProxyPACURL: PAC,
      ProxyPACFallbackAllowed: true,
      ProxyCaptiveLoginAllowed: true,
    });
  });

  it('builds DoH and DoT profiles with only their own server key; ProhibitDisablement only when supervised', () => {
    const doh = parsePlistDict(
      buildDnsProfile({ protocol: 'HTTPS', server_url: 'https://dns.alidns.com/dns-query', server_addresses: ['223.5.5.5', '2400:3200::1'] }, true),
    );
    const dot = parsePlistDict(buildDnsProfile({ protocol: 'TLS', server_name: 'dot.pub', server_addresses: [] }, false));
    expect(validateProfile(doh)).toEqual([]);
    expect(validateProfile(dot)).toEqual([]);
    const [dohPayload] = doh.PayloadContent as Record<string, unknown>[];
    const [dotPayload] = dot.PayloadContent as Record<string, unknown>[];
    expect(dohPayload).toMatchObject({ PayloadType: 'com.apple.dnsSettings.managed', ProhibitDisablement: true });
    expect(dohPayload.DNSSettings).toEqual({
      DNSProtocol: 'HTTPS',
      ServerURL: 'https://dns.alidns.com/dns-query',
      ServerAddresses: ['223.5.5.5', '2400:3200::1'],
    });
    expect(dotPayload.DNSSettings).toEqual({ DNSProtocol: 'TLS', ServerName: 'dot.pub' });
    expect(dotPayload).not.toHaveProperty('ProhibitDisablement');
  });

  it('sends them in InstallProfile and takes them off with RemoveProfile by their fixed identifier', () => {
    expect(validateCommand(commands.installProfile(buildGlobalProxyProfile(PAC)))).toEqual([]);
    expect(validateCommand(commands.removeProfile(PROXY_ID))).toEqual([]);
    expect(validateCommand(commands.removeProfile(DNS_ID))).toEqual([]);
  });
});

describe('store PAC URL (门店设置)', () => {
  const url = '/api/store/global-http-proxy';

  it('is read by clerks, set only by an admin, https only, and logged', async () => {
    const other = await h.t.newStore();
    const otherAdmin = (await h.t.signedIn({ storeId: other.id, isAdmin: true })).headers;
    expect((await h.t.app.inject({ method: 'GET', url, headers: otherAdmin })).json()).toEqual({ pac_url: null });

    const byClerk = await h.t.app.inject({ method: 'PUT', url, headers: ab17, payload: { pac_url: PAC } });
    expect(byClerk.statusCode).toBe(403);
    const http = await h.t.app.inject({ method: 'PUT', url, headers: otherAdmin, payload: { pac_url: 'http://pac.example.com/x.pac' } });
    expect(http.statusCode).toBe(400);
    expect(http.body).toContain('PAC 地址须为 https:// 开头的完整网址');
    const garbage = await h.t.app.inject({ method: 'PUT', url, headers: otherAdmin, payload: { pac_url: 'https://' } });
    expect(garbage.statusCode).toBe(400);

    const saved = await h.t.app.inject({ method: 'PUT', url, headers: otherAdmin, payload: { pac_url: ` ${PAC} ` } });
    expect(saved.json()).toEqual({ pac_url: PAC });
    expect((await h.t.app.inject({ method: 'GET', url, headers: otherAdmin })).json()).toEqual({ pac_url: PAC });
    // The other store's URL is not this store's.
    expect((await h.t.app.inject({ method: 'GET', url, headers: ab17 })).json()).toEqual({ pac_url: null });
    const logged = await h.t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.storeId, other.id), eq(operationLog.action, 'global-http-proxy-update')));
    expect(logged).toHaveLength(1);
    expect(logged[0].detail).toEqual({ before: null, after: PAC });

    expect((await h.t.app.inject({ method: 'PUT', url, headers: otherAdmin, payload: { pac_url: '' } })).json()).toEqual({ pac_url: null });
  });

  it('belongs to the apple-global-http-proxy module', async () => {
    const bare = await h.t.newStore({ modules: [Module.APPLE] });
    const bareAdmin = (await h.t.signedIn({ storeId: bare.id, isAdmin: true })).headers;
    const res = await h.t.app.inject({ method: 'GET', url, headers: bareAdmin });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('门店未开通此功能');
  });
});

describe('set-global-http-proxy: who, which phone, and when', () => {
  it('refuses before the store has a PAC URL, then queues once it has one', async () => {
    const d = await enrolled();
    const early = await post(ab17, 'set-global-http-proxy', { device_id: d.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('门店尚未设置全局代理 PAC 地址');
    expect(await queued(d.id)).toHaveLength(0);

    await h.t.app.inject({ method: 'PUT', url: '/api/store/global-http-proxy', headers: admin, payload: { pac_url: PAC } });
    const ok = await post(ab17, 'set-global-http-proxy', { device_id: d.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: OperationStatus.QUEUED, replayed: false });
    expect((await device(d.id)).globalProxyStatus).toBe(GlobalProxyStatus.PENDING);
    const [cmd] = await queued(d.id);
    const plist = parsePlistDict(cmd.payload);
    expect(validateCommand(plist)).toEqual([]);
    const profile = parsePlistDict((plist.Command as { Payload: Buffer }).Payload);
    expect((profile.PayloadContent as Record<string, unknown>[])[0].ProxyPACURL).toBe(PAC);
  });

  it('needs Ab17 and the store module, and only touches the caller’s own store', async () => {
    const d = await enrolled();
    const denied = await post(noPerm, 'set-global-http-proxy', { device_id: d.id });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('PERMISSION_DENIED');
    expect((await post(noPerm, 'remove-global-http-proxy', { device_id: d.id })).statusCode).toBe(403);

    const bare = await h.t.newStore({ modules: [Module.APPLE] });
    const bareAdmin = (await h.t.signedIn({ storeId: bare.id, isAdmin: true })).headers;
    const bareDevice = await h.t.newIosDevice({ storeId: bare.id, enrolled: true, superviseStatus: SuperviseStatus.SUPERVISED });
    const noModule = await post(bareAdmin, 'set-global-http-proxy', { device_id: bareDevice.id });
    expect(noModule.statusCode).toBe(403);
    expect(noModule.json().message).toBe('门店未开通此功能');
    // The proxy module without the Apple module is no way in either.
    const proxyOnly = await h.t.newStore({ modules: [Module.APPLE_GLOBAL_HTTP_PROXY] });
    const proxyOnlyAdmin = (await h.t.signedIn({ storeId: proxyOnly.id, isAdmin: true })).headers;
    const proxyOnlyDevice = await h.t.newIosDevice({ storeId: proxyOnly.id, enrolled: true, superviseStatus: SuperviseStatus.SUPERVISED });
    expect((await post(proxyOnlyAdmin, 'set-global-http-proxy', { device_id: proxyOnlyDevice.id })).statusCode).toBe(403);
    expect(await queued(proxyOnlyDevice.id)).toHaveLength(0);

    const foreign = await post(bareAdmin, 'set-dns-setting', { device_id: d.id, protocol: 'TLS', server_name: 'dot.pub' });
    expect(foreign.statusCode).toBe(404);
    const foreignProxy = await post(ab17, 'set-global-http-proxy', { device_id: bareDevice.id });
    expect(foreignProxy.statusCode).toBe(404);
    expect(await queued(d.id)).toHaveLength(0);
    expect(await queued(bareDevice.id)).toHaveLength(0);
    expect((await device(bareDevice.id)).globalProxyStatus).toBe(GlobalProxyStatus.OFF);
  });

  it('refuses an unsupervised phone, or one whose supervision is not known yet, in Chinese', async () => {
    const unsupervised = await enrolled({ superviseStatus: SuperviseStatus.UNSUPERVISED });
    const res = await post(ab17, 'set-global-http-proxy', { device_id: unsupervised.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('设置全局代理仅支持已监管的设备，此设备未监管');
    const unknown = await enrolled({ superviseStatus: SuperviseStatus.UNKNOWN });
    expect((await post(ab17, 'set-global-http-proxy', { device_id: unknown.id })).json().message).toContain('尚未上报监管状态');
    expect(await queued(unsupervised.id)).toHaveLength(0);
    expect((await device(unsupervised.id)).globalProxyStatus).toBe(GlobalProxyStatus.OFF);
  });

  it('honours the Idempotency-Key: a replay returns the first operation and queues nothing more', async () => {
    const d = await enrolled();
    const first = (await post(ab17, 'set-global-http-proxy', { device_id: d.id }, 'proxy-key-1')).json();
    const again = (await post(ab17, 'set-global-http-proxy', { device_id: d.id }, 'proxy-key-1')).json();
    expect(again).toEqual({ ...first, replayed: true });
    expect(await queued(d.id)).toHaveLength(1);
  });
});

describe('set-dns-setting: input checks', () => {
  const cases: [string, object, string][] = [
    ['an IP that is not one', { protocol: 'HTTPS', server_url: 'https://dns.alidns.com/dns-query', server_addresses: ['223.5.5.500'] }, '服务器 IP 格式有误'],
    ['DoH without its URL', { protocol: 'HTTPS' }, 'DoH 需要填写服务器地址'],
    ['DoH over plain http', { protocol: 'HTTPS', server_url: 'http://dns.example.com/dns-query' }, 'https://'],
    ['DoT with a URL instead of a name', { protocol: 'TLS', server_url: 'https://dot.pub' }, 'DoT 需要填写服务器域名'],
    ['DoT with a bad host name', { protocol: 'TLS', server_name: 'not a host' }, '服务器域名格式有误'],
    ['an unknown protocol', { protocol: 'UDP', server_name: 'dot.pub' }, '加密协议只能是 HTTPS 或 TLS'],
  ];
  for (const [what, body, message] of cases) {
    it(`refuses ${what} with a Chinese 400 and queues nothing`, async () => {
      const d = await enrolled();
      const res = await post(ab17, 'set-dns-setting', { device_id: d.id, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
      expect(await queued(d.id)).toHaveLength(0);
    });
  }

  it('needs Ab17, and iOS 14 for encrypted DNS', async () => {
    const d = await enrolled({ osVersion: '13.7' });
    expect((await post(noPerm, 'set-dns-setting', { device_id: d.id, protocol: 'TLS', server_name: 'dot.pub' })).statusCode).toBe(403);
    expect((await post(noPerm, 'clear-dns-setting', { device_id: d.id })).statusCode).toBe(403);
    const old = await post(ab17, 'set-dns-setting', { device_id: d.id, protocol: 'TLS', server_name: 'dot.pub' });
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe('加密 DNS 需要 iOS 14 及以上，此设备为 iOS 13.7');
    expect(await queued(d.id)).toHaveLength(0);
  });
});

describe('with the simulated iPhone', () => {
  it('installs the proxy profile, then removes it, the status following the phone’s answers', async () => {
    await h.t.app.inject({ method: 'PUT', url: '/api/store/global-http-proxy', headers: admin, payload: { pac_url: PAC } });
    const { phone, deviceId } = await h.newPhone(admin);
    await waitFor(async () => (await device(deviceId)).superviseStatus === SuperviseStatus.SUPERVISED);

    const set = (await post(ab17, 'set-global-http-proxy', { device_id: deviceId })).json();
    expect((await finished(set.operation_log_id)).result).toBe('全局 HTTP 代理已生效');
    expect(phone.state.profiles[PROXY_ID]).toEqual({ managed: true, payloadTypes: ['com.apple.proxy.http.global'], restrictions: [] });
    expect((await device(deviceId)).globalProxyStatus).toBe(GlobalProxyStatus.ON);

    const remove = (await post(ab17, 'remove-global-http-proxy', { device_id: deviceId })).json();
    expect((await finished(remove.operation_log_id)).result).toBe('全局 HTTP 代理已移除');
    expect(phone.state.profiles[PROXY_ID]).toBeUndefined();
    expect((await device(deviceId)).globalProxyStatus).toBe(GlobalProxyStatus.OFF);

    // Removing again: the phone says the profile is not installed, which still leaves the proxy off.
    const again = (await post(ab17, 'remove-global-http-proxy', { device_id: deviceId })).json();
    expect((await finished(again.operation_log_id)).result).toBe('设备上没有全局代理描述文件，状态已更正为未设置');
    expect((await device(deviceId)).globalProxyStatus).toBe(GlobalProxyStatus.OFF);
  });

  it('puts the status back when the phone refuses the proxy (an unsupervised phone the server took for supervised)', async () => {
    const { phone, deviceId } = await h.newPhone(admin, { supervised: false });
    await waitFor(async () => (await device(deviceId)).superviseStatus === SuperviseStatus.UNSUPERVISED);
    expect((await post(ab17, 'set-global-http-proxy', { device_id: deviceId })).statusCode).toBe(409);

    await h.t.db.update(iosDevice).set({ superviseStatus: SuperviseStatus.SUPERVISED }).where(eq(iosDevice.id, deviceId));
    const set = (await post(ab17, 'set-global-http-proxy', { device_id: deviceId })).json();
    const row = await finished(set.operation_log_id);
    expect(row.status).toBe(OperationStatus.FAILED);
    expect(row.result).toContain('设备执行失败');
    expect(phone.state.profiles[PROXY_ID]).toBeUndefined();
    expect((await device(deviceId)).globalProxyStatus).toBe(GlobalProxyStatus.OFF);
  });

  it('sets encrypted DNS (DoT) and clears it', async () => {
    const { phone, deviceId } = await h.newPhone(admin);
    await waitFor(async () => (await device(deviceId)).factsUpdatedAt);

    const set = (
      await post(ab17, 'set-dns-setting', { device_id: deviceId, protocol: 'TLS', server_name: 'dot.pub', server_addresses: ['1.12.12.12', '120.53.53.53'] })
    ).json();
    expect((await finished(set.operation_log_id)).result).toBe('加密 DNS 已生效');
    expect(phone.state.profiles[DNS_ID]?.payloadTypes).toEqual(['com.apple.dnsSettings.managed']);
    expect((await device(deviceId)).dnsSettingStatus).toBe(DnsSettingStatus.ON);
    expect((await operation(set.operation_log_id)).detail).toMatchObject({
      protocol: 'TLS',
      server_name: 'dot.pub',
      server_addresses: ['1.12.12.12', '120.53.53.53'],
    });

    const clear = (await post(ab17, 'clear-dns-setting', { device_id: deviceId })).json();
    expect((await finished(clear.operation_log_id)).result).toBe('加密 DNS 已清除');
    expect(phone.state.profiles[DNS_ID]).toBeUndefined();
    expect((await device(deviceId)).dnsSettingStatus).toBe(DnsSettingStatus.OFF);
  });
});
