import { sql } from 'drizzle-orm';
import type { BenchApp } from './bench-app.ts';

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
