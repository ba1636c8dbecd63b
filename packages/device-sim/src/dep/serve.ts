#!/usr/bin/env node
// node --import tsx packages/device-sim/src/dep/serve.ts [--port 2199] [--devices 5] [--cert store.pem --out token.p7m]
// Runs the Apple DEP stand-in for a demo server started with DEP_ORIGIN=http://127.0.0.1:2199. With --cert (the
// public key downloaded on 更新 ABM 令牌) it also writes the server token .p7m to upload on that page.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { randomSerialNumber } from '../ios/device-identifiers.ts';
import { startMockDep } from './mock-dep-server.ts';
import { serverTokenP7m } from './server-token.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '2199' },
    devices: { type: 'string', default: '5' },
    cert: { type: 'string' },
    out: { type: 'string', default: 'abm-token_smime.p7m' },
  },
});
const dep = await startMockDep({
  port: Number(values.port),
  devices: Array.from({ length: Number(values.devices) }, () => ({ serial_number: randomSerialNumber() })),
});
console.log(`本地模拟 Apple 商务管理（DEP）：${dep.origin}（启动服务器时设置 DEP_ORIGIN=${dep.origin}），已分配 ${dep.devices.size} 台设备。`);
if (values.cert) {
  fs.writeFileSync(values.out, serverTokenP7m(fs.readFileSync(values.cert, 'utf8'), dep.tokens[0]));
  console.log(`服务器令牌已写入 ${values.out}，在「更新 ABM 令牌」页上传即可。`);
}
console.log('Ctrl+C 结束。');
process.on('SIGINT', async () => {
  await dep.close();
  process.exit(0);
});
