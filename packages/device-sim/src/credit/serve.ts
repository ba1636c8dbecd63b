#!/usr/bin/env node
// node --import tsx packages/device-sim/src/credit/serve.ts [--port 2199] [--secret S] [--callback-secret C]
// Runs the credit-vendor stand-in for a server started with REPORT_PROVIDER_ORIGIN=http://127.0.0.1:2199,
// REPORT_PROVIDER_ACCOUNT=zujibao, REPORT_PROVIDER_SECRET=S (and REPORT_PROVIDER_CALLBACK_SECRET=C).
import { parseArgs } from 'node:util';
import { startCreditStandIn } from './credit-stand-in.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '2199' }, secret: { type: 'string', default: 'stand-in-secret' }, 'callback-secret': { type: 'string' } },
});
const vendor = await startCreditStandIn({
  port: Number(values.port),
  accounts: { zujibao: values.secret },
  callbackSecret: values['callback-secret'] ?? values.secret,
});
console.log(
  `本地模拟报告服务商：${vendor.origin}（REPORT_PROVIDER_ORIGIN=${vendor.origin} REPORT_PROVIDER_ACCOUNT=zujibao REPORT_PROVIDER_SECRET=${values.secret}）。Ctrl+C 结束。`,
);
process.on('SIGINT', async () => {
  await vendor.close();
  process.exit(0);
});
