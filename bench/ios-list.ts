import { percentile } from './stats.ts';
import { type Engine, benchApp } from './bench-app.ts';
import { seedListStore } from './seed-devices.ts';

/** Every filter and sort of spec §5 (and their combinations the console sends), as query strings. */
const QUERIES = [
  '',
  'sort_index=registration_time&sort_direction=descend',
  'sort_index=registration_time&sort_direction=ascend',
  'sort_index=last_active_time&sort_direction=descend',
  'sort_index=last_active_time&sort_direction=ascend',
  'imei=3500000',
  'imei=350000000079190',
  'hirer_phone_number=1380',
  'serial_number=SEED0009',
  'for_clerk=:admin',
  'lock_status=2',
  'registration_time=20260101&registration_time=20260630',
  'offline_duration=3',
  'offline_duration=24',
  'offline_duration=73&sort_index=last_active_time&sort_direction=ascend',
  'lock_status=1&offline_duration=12&sort_index=registration_time&sort_direction=ascend',
];

/** PAGES: the first 20 pages and page 500 (page_num counts from 0). */
const PAGES = [...Array.from({ length: 20 }, (_, i) => i), 499];

/**
 * GET /api/device/ios/list latency (each answer carries the total) for the bench store holding `n` devices,
 * for every filter and sort of spec §5, on the first 20 pages and page 500. With `fleet`, the database around
 * it holds a million Apple devices over 50 stores (the bench store the largest) and 200,000 Android phones.
 */
export async function benchIosList(engine: Engine, n = 100_000, rounds = 3, fleet = false) {
  const b = await benchApp(engine);
  try {
    const seedSeconds = await seedListStore(b, n, fleet);
    const times: number[] = [];
    const perQuery: Record<string, number> = {};
    for (const raw of QUERIES) {
      const q = raw.replace(':admin', b.admin.id);
      const sample: number[] = [];
      for (let round = 0; round < rounds + 1; round++) {
        for (const page of PAGES) {
          const start = performance.now();
          const res = await b.app.inject({ method: 'GET', url: `/api/device/ios/list?page_size=20&page_num=${page}&${q}`, headers: b.headers });
          const ms = performance.now() - start;
          if (res.statusCode !== 200) throw new Error(`${q}: ${res.body}`);
          // The first round warms the caches (a deployment's are warm); it is not counted.
          if (round > 0) sample.push(ms);
        }
      }
      times.push(...sample);
      perQuery[raw || '(no filter)'] = percentile(sample, 95);
    }
    return { devices: n, fleet, seedSeconds, p50: percentile(times, 50), p95: percentile(times, 95), perQuery };
  } finally {
    await b.close();
  }
}
