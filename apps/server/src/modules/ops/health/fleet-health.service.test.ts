import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushCertStatus } from '@lease/shared';
import { mdmCommand, mdmEnrollment, mdmIdentity } from '../../../mdm/apple/mdm.table.ts';
import { type TestApp, buildTestApp } from '../../../test/build-test-app.ts';
import { abmServer } from '../../abm/abm.table.ts';
import { webhookAttempt, webhookEvent } from '../../../domain/webhook.table.ts';
import { createFleetHealthRepo } from './fleet-health.repo.ts';
import { createFleetHealthService } from './fleet-health.service.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const pushStatus: PushCertStatus = {
  source: 'stored',
  env_overrides: false,
  env_topic: null,
  current_topic: 'com.apple.mgmt.External.x',
  enrolled_topics: [],
  stored: {
    subject: '',
    topic: 'com.apple.mgmt.External.x',
    issuer: '',
    not_before: '',
    not_after: new Date(Date.now() + 12 * DAY).toISOString(),
    days_left: 12,
    fingerprint: '',
  },
  env_certificate: null,
  pending_csr: null,
  warning: 'MDM 推送证书将在 12 天后过期',
  warn_days: 30,
};

describe('fleet health (operator home)', () => {
  it('counts the whole platform: phones per store, last-day commands, failing pushes, webhooks, identities, ABM tokens, database size', async () => {
    const now = new Date();
    const [big, small] = [await t.newStore({ storeName: '大店' }), await t.newStore({ storeName: '小店' })];
    const phones = await Promise.all(Array.from({ length: 4 }, () => t.newIosDevice({ storeId: big.id, enrolled: true })));
    await t.newIosDevice({ storeId: big.id, recycledStatus: 1 }); // in the recycle bin: not counted
    await t.newIosDevice({ storeId: small.id });
    await t.newAndroidDevice({ storeId: small.id });
    await t.newAndroidDevice({ storeId: small.id });
    await t.newAndroidDevice({ storeId: small.id, archived: true });

    // Commands: two queued and one acknowledged today, one expired today though created a week ago, one from last week.
    const cmd = (deviceId: string, status: string, createdAt: Date, completedAt?: Date) =>
      t.db.insert(mdmCommand).values({
        id: randomUUID(),
        deviceId,
        requestType: 'DeviceInformation',
        payload: '<plist/>',
        status: status as never,
        createdAt,
        completedAt,
        expiresAt: new Date(now.getTime() + DAY),
      });
    await cmd(phones[0].id, 'queued', now);
    await cmd(phones[1].id, 'not-now', now);
    await cmd(phones[1].id, 'acknowledged', now, now);
    await cmd(phones[2].id, 'sent', now);
    await cmd(phones[2].id, 'error', now, now);
    await cmd(phones[3].id, 'expired', new Date(now.getTime() - 7 * DAY), new Date(now.getTime() - HOUR));
    await cmd(phones[3].id, 'acknowledged', new Date(now.getTime() - 7 * DAY), new Date(now.getTime() - 7 * DAY));

    // Pushes: one dead token, two retrying with the same reason, one fine.
    await t.db.update(mdmEnrollment).set({ pushDead: true, pushError: 'Unregistered' }).where(eq(mdmEnrollment.deviceId, phones[0].id));
    for (const p of [phones[1], phones[2]])
      await t.db.update(mdmEnrollment).set({ pushFailures: 2, pushError: 'ServiceUnavailable' }).where(eq(mdmEnrollment.deviceId, p.id));

    // Identities: one ended, one ending in 10 days, one in 200 days (outside the 60-day window).
    for (const [p, days] of [
      [phones[0], -2],
      [phones[1], 10],
      [phones[2], 200],
    ] as const) {
      await t.db.insert(mdmIdentity).values({ fingerprint: `fp-${p.id}`, storeId: big.id, notAfter: new Date(now.getTime() + days * DAY) });
    }

    // Webhooks: two pending, one failed today; the small store's receiver answered 500 twice, the big store's fine.
    const event = async (storeId: string, status: 'pending' | 'failed' | 'delivered', createdAt = now) =>
      (
        await t.db
          .insert(webhookEvent)
          .values({ storeId, type: 'device.online', platform: 'ios', payload: {}, status, dateCreated: createdAt, dateUpdated: now })
          .returning()
      )[0];
    await event(big.id, 'pending', new Date(now.getTime() - 2 * HOUR));
    await event(small.id, 'pending');
    const failed = await event(small.id, 'failed');
    await t.db.insert(webhookAttempt).values([
      { eventId: failed.id, attemptNo: 1, url: 'https://x', statusCode: 500, error: '' },
      { eventId: failed.id, attemptNo: 2, url: 'https://x', statusCode: null, error: 'ECONNREFUSED' },
    ]);
    const ok = await event(big.id, 'delivered');
    await t.db.insert(webhookAttempt).values({ eventId: ok.id, attemptNo: 1, url: 'https://y', statusCode: 200 });

    await t.db
      .insert(abmServer)
      .values({ storeId: small.id, keySealed: 'x', certificatePem: 'x', accessTokenExpiry: new Date(now.getTime() + 5 * DAY + HOUR) });
    await t.db.insert(abmServer).values({ storeId: big.id, keySealed: 'x', certificatePem: 'x', accessTokenExpiry: new Date(now.getTime() + 90 * DAY) });

    const service = createFleetHealthService({
      repo: createFleetHealthRepo(t.db),
      pushCert: { status: async () => pushStatus },
      unansweredRenewals: async () => 1,
      renewalWindowDays: 60,
      databaseKind: 'pglite',
    });
    const h = await service.health(true);
    expect(h.devices).toMatchObject({ apple: 5, android: 2 });
    expect(h.devices.by_store.slice(0, 2)).toEqual([
      { store_id: big.id, store_name: '大店', apple: 4, android: 0 },
      { store_id: small.id, store_name: '小店', apple: 1, android: 2 },
    ]);
    expect(h.devices.stores).toBeGreaterThanOrEqual(2);
    expect(h.commands_24h).toEqual({ queued: 2, sent: 1, acknowledged: 1, failed: 1, expired: 1 });
    expect(h.push_failures).toEqual([
      { reason: 'ServiceUnavailable', dead: false, devices: 2 },
      { reason: 'Unregistered', dead: true, devices: 1 },
    ]);
    expect(h.webhooks).toMatchObject({ pending: 2, failed_24h: 1 });
    expect(new Date(h.webhooks.oldest_pending_at!).getTime()).toBeCloseTo(now.getTime() - 2 * HOUR, -3);
    expect(h.webhooks.failing_receivers).toEqual([{ store_id: small.id, store_name: '小店', failed: 2, last_error: 'ECONNREFUSED', last_status_code: null }]);
    expect(h.identities).toEqual({ due: 1, overdue: 1, unanswered: 1, window_days: 60 });
    expect(h.abm_tokens).toEqual([{ store_id: small.id, store_name: '小店', expires_at: expect.any(String), days_left: 5 }]);
    expect(h.push_certificate).toMatchObject({ source: 'stored', days_left: 12, warning: expect.stringContaining('12 天') });
    expect(h.database.bytes).toBeGreaterThan(1_000_000);
  });
});
