import { percentile } from './stats.ts';
import { type Engine, benchApp } from './bench-app.ts';
import { seedDevices } from './seed-devices.ts';

const QUERIES = [
  '',
  'sort_index=last_active_time&sort_direction=descend',
  'sort_index=registration_time&sort_direction=ascend',
  'imei=3500000',
  'hirer_phone_number=1380',
  'registration_time=20260101&registration_time=20260630',
  'offline_duration=24',
  'offline_duration=73&sort_index=last_active_time&sort_direction=ascend',
  'lock_status=2&page_num=100',
  'page_num=1999',
];

/** GET /api/device/ios/list latency (with the total) at n devices, for every filter and sort of spec §5. */
export async function benchIosList(engine: Engine, n = 100_000, rounds = 20) {
  const b = await benchApp(engine);
  try {
    await seedDevices(b, n);
    const times: number[] = [];
    const perQuery: Record<string, number> = {};
    for (const q of QUERIES) {
      const sample: number[] = [];
      for (let i = 0; i < rounds + 2; i++) {
        const start = performance.now();
        const res = await b.app.inject({ method: 'GET', url: `/api/device/ios/list?page_size=20&${q}`, headers: b.headers });
        const ms = performance.now() - start;
        if (res.statusCode !== 200) throw new Error(`${q}: ${res.body}`);
        if (i >= 2) sample.push(ms);
      }
      times.push(...sample);
      perQuery[q || '(no filter)'] = percentile(sample, 95);
    }
    return { devices: n, p50: percentile(times, 50), p95: percentile(times, 95), perQuery };
  } finally {
    await b.close();
  }
}
