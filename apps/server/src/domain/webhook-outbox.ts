import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { WebhookEventType } from '@lease/shared';
import type { Db } from '../db/client.ts';
import { storeApiSetting } from './store-api.table.ts';
import { androidDevice } from './android-device.table.ts';
import { iosDevice } from './ios-device.table.ts';
import { deviceModelLabel } from './device-model.ts';
import { webhookEvent } from './webhook.table.ts';

/** DeviceEventType: the webhook events of docs/open-api.md (one list, in shared, for server and console). */
export type DeviceEventType = WebhookEventType;

/** Tx is a transaction or the db itself: emitDeviceEvent only reads and inserts. */
type Tx = Pick<Db, 'insert' | 'select'>;

export interface DeviceEvent {
  storeId: string;
  type: DeviceEventType;
  platform: 'ios' | 'android';
  deviceId: string;
  data?: Record<string, unknown>;
}

/** deviceSnapshot is the `device` object of a webhook body: enough for the receiver to match its order. */
async function deviceSnapshot(tx: Tx, platform: 'ios' | 'android', deviceId: string): Promise<Record<string, unknown>> {
  const t = platform === 'ios' ? iosDevice : androidDevice;
  const [d] = await tx
    .select({
      serial_number: t.serialNumber,
      imei_1: t.imei1,
      imei_2: t.imei2,
      model: t.model,
      brand: platform === 'ios' ? iosDevice.productName : androidDevice.brand,
      hirer_name: t.hirerName,
      hirer_phone_number: t.hirerPhoneNumber,
      lock_status: t.lockStatus,
    })
    .from(t)
    .where(eq(t.id, deviceId));
  if (!d) return { id: deviceId };
  const { brand, ...rest } = d;
  return { id: deviceId, ...rest, model: deviceModelLabel(platform, d.model, brand) };
}

/**
 * emitDeviceEvent queues a webhook delivery in the caller's transaction when the store has a callback URL
 * and its API enabled; the delivery job sends it after commit. Cheap no-op otherwise.
 */
export async function emitDeviceEvent(tx: Tx, event: DeviceEvent): Promise<void> {
  const [setting] = await tx
    .select({ storeId: storeApiSetting.storeId })
    .from(storeApiSetting)
    .where(and(eq(storeApiSetting.storeId, event.storeId), eq(storeApiSetting.enabled, true), ne(storeApiSetting.callbackUrl, '')));
  if (!setting) return;
  const id = randomUUID();
  const now = new Date();
  const payload = {
    id,
    type: event.type,
    created_at: now.toISOString(),
    platform: event.platform,
    device: await deviceSnapshot(tx, event.platform, event.deviceId),
    data: event.data ?? {},
  };
  await tx.insert(webhookEvent).values({
    id,
    storeId: event.storeId,
    type: event.type,
    platform: event.platform,
    deviceId: event.deviceId,
    payload,
    dateCreated: now,
    nextAttemptAt: now,
  });
}

/** emitIosDeviceEvent is emitDeviceEvent for the Apple engine, which knows the device but not its store. */
export async function emitIosDeviceEvent(tx: Tx, deviceId: string, type: DeviceEventType, data?: Record<string, unknown>): Promise<void> {
  // One query decides the common case (no webhook configured): the device's store joined to its API setting.
  const [d] = await tx
    .select({ storeId: iosDevice.storeId })
    .from(iosDevice)
    .innerJoin(storeApiSetting, and(eq(storeApiSetting.storeId, iosDevice.storeId), eq(storeApiSetting.enabled, true), ne(storeApiSetting.callbackUrl, '')))
    .where(eq(iosDevice.id, deviceId));
  if (d) await emitDeviceEvent(tx, { storeId: d.storeId, type, platform: 'ios', deviceId, data });
}
