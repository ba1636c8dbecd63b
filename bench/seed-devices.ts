import { sql } from 'drizzle-orm';
import type { BenchApp } from './bench-app.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * seedDevices inserts n Apple devices for the bench store in one statement (generate_series), spread over
 * a year of registrations, 10 clerks' worth of hirer phones and IMEIs; the first `enrolled` get an MDM channel.
 */
export async function seedDevices(b: BenchApp, n: number, enrolled = 0) {
  await b.db.execute(sql`
    insert into ios_device (for_store, for_clerk, serial_number, udid, imei_1, hirer_name, hirer_phone_number, model, enrollment_status, lock_status,
                            registration_time, last_active_time)
    select ${b.admin.storeId}, ${b.admin.id}, 'SEED' || lpad(g::text, 8, '0'),
           case when g <= ${enrolled} then '00008120-' || lpad(to_hex(g), 16, '0') end,
           '35' || lpad((g * 7919 % 10000000000000)::text, 13, '0'), '租机人' || (g % 1000), '13' || lpad((g * 104729 % 1000000000)::text, 9, '0'),
           (array['iPhone15,2','iPhone16,1','iPhone14,5','iPhone17,3'])[1 + g % 4], case when g <= ${enrolled} then 1 else 0 end, g % 3,
           now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second',
           case when g % 5 = 0 then null else now() - (g % 200) * interval '1 hour' end
    from generate_series(1::bigint, ${n}::bigint) g`);
  if (enrolled) {
    await b.db.execute(sql`
      insert into mdm_enrollment (device_id, udid, cert_fingerprint, topic, push_magic, token_hex, enabled)
      select id, udid, 'seed-' || udid, 'com.apple.mgmt.bench', 'magic-' || udid, encode(sha256(udid::bytea), 'hex'), true
      from ios_device where udid is not null and for_store = ${b.admin.storeId}`);
  }
  // Autovacuum keeps a live table's visibility map current; a freshly bulk-loaded one needs it once.
  await b.db.execute(sql`vacuum analyze ios_device`);
}

/**
 * seedFleet fills the database around the bench store the way a busy deployment looks: `otherStores` more stores
 * (each with its admin) sharing `apple` Apple devices with the bench store, which holds `largest` of them (seed it
 * with seedDevices first), and `android` Android phones over all the stores (the bench store a tenth of its own
 * share). Set-wise statements only (generate_series): a million rows take minutes, not tens of minutes.
 * Returns the seconds it took.
 */
export async function seedFleet(b: BenchApp, opts: { otherStores: number; apple: number; largest: number; android: number }) {
  const start = performance.now();
  const stamp = Date.now().toString(36);
  const [{ hash }] = rowsOf<{ hash: string }>(await b.db.execute(sql`select password_hash as hash from clerk where id = ${b.admin.id}`));
  await b.db.execute(sql`
    with s as (
      insert into store (store_name, device_count) select '压测门店' || n || '-' || ${stamp}, 100000 from generate_series(1, ${opts.otherStores}) n returning id)
    insert into clerk (store_id, name, phone_number, password_hash, is_admin)
    select id, '店长', '158' || ${String(Date.now() % 100000).padStart(5, '0')} || lpad((row_number() over ())::text, 3, '0'), ${hash}, true from s`);
  const owners = rowsOf<{ store_id: string; clerk_id: string }>(
    await b.db.execute(
      sql`select store_id, id as clerk_id from clerk where is_admin and store_id in (select id from store where store_name like ${`%-${stamp}`})`,
    ),
  );
  const storeIds = sql.raw(`array['${owners.map((o) => o.store_id).join("','")}']::uuid[]`);
  const clerkIds = sql.raw(`array['${owners.map((o) => o.clerk_id).join("','")}']::uuid[]`);
  const k = owners.length;
  const others = opts.apple - opts.largest;
  await b.db.execute(sql`
    insert into ios_device (for_store, for_clerk, serial_number, imei_1, hirer_name, hirer_phone_number, model, lock_status, registration_time, last_active_time)
    select (${storeIds})[1 + g % ${k}], (${clerkIds})[1 + g % ${k}], 'FLT' || lpad(g::text, 9, '0'),
           '35' || lpad((g * 7919 % 10000000000000)::text, 13, '0'), '租机人' || (g % 1000), '13' || lpad((g * 104729 % 1000000000)::text, 9, '0'),
           (array['iPhone15,2','iPhone16,1','iPhone14,5','iPhone17,3'])[1 + g % 4], g % 3,
           now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second',
           case when g % 5 = 0 then null else now() - (g % 200) * interval '1 hour' end
    from generate_series(1::bigint, ${others}::bigint) g`);
  const mine = Math.round(opts.android / (k + 1) / 10);
  await b.db.execute(sql`
    insert into android_device (for_store, for_clerk, serial_number, imei_1, lock_status, regulate_status, archived, registration_time, last_active_time)
    select case when g <= ${mine} then ${b.admin.storeId}::uuid else (${storeIds})[1 + g % ${k}] end,
           case when g <= ${mine} then ${b.admin.id}::uuid else (${clerkIds})[1 + g % ${k}] end,
           'AFLT' || lpad(g::text, 9, '0'), '86' || lpad((g * 7919 % 10000000000000)::text, 13, '0'),
           g % 3, (g % 4 = 0)::int * 2, g % 50 = 0,
           now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second',
           case when g % 5 = 0 then null else now() - (g % 200) * interval '1 hour' end
    from generate_series(1::bigint, ${opts.android}::bigint) g`);
  await b.db.execute(sql`vacuum analyze ios_device`);
  await b.db.execute(sql`vacuum analyze android_device`);
  return (performance.now() - start) / 1000;
}

/**
 * seedListStore seeds what the list and search benches read: the bench store with `n` Apple devices and, with `fleet`,
 * a million Apple devices over 50 stores (the bench store the largest) and 200,000 Android phones around it.
 * Returns the seconds it took.
 */
export async function seedListStore(b: BenchApp, n: number, fleet: boolean) {
  const start = performance.now();
  await seedDevices(b, n);
  if (fleet) await seedFleet(b, { otherStores: 49, apple: 1_000_000, largest: n, android: 200_000 });
  return (performance.now() - start) / 1000;
}
