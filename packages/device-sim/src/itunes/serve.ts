#!/usr/bin/env node
// node --import tsx packages/device-sim/src/itunes/serve.ts [--port 2198]
// Runs the iTunes Search stand-in for a demo server started with ITUNES_ORIGIN=http://127.0.0.1:2198.
import { parseArgs } from 'node:util';
import { startMockItunes } from './mock-itunes-server.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: '2198' } } });
const itunes = await startMockItunes({ port: Number(values.port) });
console.log(`本地模拟 iTunes 搜索：${itunes.origin}（启动服务器时设置 ITUNES_ORIGIN=${itunes.origin}）。Ctrl+C 结束。`);
process.on('SIGINT', async () => {
  await itunes.close();
  process.exit(0);
});
