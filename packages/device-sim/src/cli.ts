#!/usr/bin/env node
// npm run sim -- --ios 20 [--server http://localhost:3000] [--account 1380000000 --password ...] [--poll 30] [--apns-port 2197]
// npm run sim -- --android 20 [--server …] [--channel 2]
// Keeps N simulated iPhones (real MDM protocol over HTTP) and/or N simulated Android agents (/agent/v1 with a
// WebSocket each, enrolled with one-time tokens from the console's enroll-token call) in a running server's store.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startMockApns } from './apns/mock-apns-server.ts';
import { createKeyPool } from './ios/key-pool.ts';
import { randomSerialNumber } from './ios/device-identifiers.ts';
import { type SimulatedIphone, createSimulatedIphone } from './ios/simulated-iphone.ts';
import { createAgentFleet } from './android/agent-fleet.ts';

const { values } = parseArgs({
  options: {
    ios: { type: 'string' },
    android: { type: 'string' },
    channel: { type: 'string' },
    server: { type: 'string', default: 'http://localhost:3000' },
    account: { type: 'string' },
    password: { type: 'string' },
    poll: { type: 'string', default: '30' },
    'apns-port': { type: 'string' },
  },
});

/** demoCredentials reads the demo admin the server keeps in its data folder: DATA_DIR (relative to apps/server, as the server reads it), else apps/server/data. */
function demoCredentials() {
  const file = path.resolve('apps/server', process.env.DATA_DIR ?? 'data', 'demo-admin.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { phone: string; password: string }) : null;
}

async function api<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${values.server}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (res.headers.get('content-type')?.includes('json') ? res.json() : Buffer.from(await res.arrayBuffer())) as Promise<T>;
}

const count = Number(values.ios ?? (values.android ? 0 : 5));
const androidCount = Number(values.android ?? 0);
const demo = demoCredentials();
const account = values.account ?? demo?.phone;
const password = values.password ?? demo?.password;
if (!account || !password) {
  console.error('需要门店账号：--account 手机号 --password 密码（或在项目根目录运行，读取 apps/server/data/demo-admin.json）');
  process.exit(1);
}

const apns = values['apns-port'] ? await startMockApns({ port: Number(values['apns-port']) }) : null;
if (apns) console.log(`本地模拟 APNs：${apns.origin}（启动服务器时设置 APNS_ORIGIN=${apns.origin} 与任意 APNS_AUTH_KEY_FILE/APNS_KEY_ID/APNS_TEAM_ID）`);

const { access_token: token } = await api<{ access_token: string }>('POST', '/api/auth/login', null, { account, password });
const keys = count ? await createKeyPool(Math.min(8, count)) : null;
const phones: SimulatedIphone[] = [];
const serials = Array.from({ length: count }, () => randomSerialNumber());
for (let i = 0; i < serials.length; i += 200) {
  const { list } = await api<{ list: { serial_number: string; enroll_link: string }[] }>('POST', '/api/device/ios/new', token, {
    serial_numbers: serials.slice(i, i + 200),
    remark: '模拟设备（CLI）',
  });
  for (const { serial_number, enroll_link } of list) {
    const code = enroll_link.split('/enroll/')[1];
    const profile = await api<Buffer>('GET', `/api/enroll/profile?code=${encodeURIComponent(code)}`, null);
    const phone = createSimulatedIphone({ serialNumber: serial_number, serverOrigin: values.server, identityKey: keys!.next() });
    await phone.enroll(profile);
    if (apns) phone.attachPush(apns);
    phone.startPolling(Number(values.poll) * 1000);
    phones.push(phone);
  }
}
if (count) console.log(`已接入 ${phones.length} 台模拟 iPhone（每 ${values.poll} 秒签到一次${apns ? '，并响应本地 APNs 推送' : ''}）。`);
const fleet = androidCount
  ? await createAgentFleet({
      serverUrl: values.server,
      count: androidCount,
      issueToken: async () =>
        (await api<{ token: string }>('POST', '/api/device/android/enroll-token', token, values.channel ? { channel: Number(values.channel) } : {})).token,
    })
  : null;
if (fleet) console.log(`已接入 ${fleet.agents.length} 台模拟 Android 手机（各保持一条 WebSocket，断线按指数退避加随机抖动重连）。`);
console.log('Ctrl+C 结束。');

const timer = setInterval(() => {
  const handled = phones.reduce((n, p) => n + p.state.commandLog.length, 0);
  const locked = phones.filter((p) => p.state.lostMode.enabled).length;
  const parts = [
    ...(count ? [`iPhone 已处理指令 ${handled} 条，丢失模式 ${locked} 台`] : []),
    ...(fleet
      ? [
          `Android 在线 ${fleet.connected}/${fleet.agents.length} 台，已处理指令 ${fleet.agents.reduce((n, a) => n + a.stats.commands, 0)} 条，锁屏 ${fleet.agents.filter((a) => a.state().lockScreen.locked).length} 台`,
        ]
      : []),
  ];
  console.log(`${new Date().toLocaleTimeString('zh-CN')} ${parts.join('；')}`);
}, 10_000);

process.on('SIGINT', async () => {
  clearInterval(timer);
  await Promise.all(phones.map((p) => p.stop()));
  await fleet?.stop();
  await apns?.close();
  process.exit(0);
});
