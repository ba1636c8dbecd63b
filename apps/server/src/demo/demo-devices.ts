import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type MockApns, type SimulatedIphone, createSimulatedIphone } from '@lease/device-sim';
import type { Db } from '../db/client.ts';
import { iosDevice } from '../domain/ios-device.table.ts';
import type { EnrollService } from '../modules/enroll/enroll.service.ts';
import type { EnrollCodec } from '../modules/enroll/enroll-code.ts';
import { clerk } from '../domain/clerk.table.ts';
import { store } from '../domain/store.table.ts';

/**
 * Fixed serials and hardware, so a restart finds the same demo phones instead of adding new ones. Their iOS spans
 * what stores lease today: 16 (removed update commands), 17 and 18 (declarations), and the newest, 26.
 */
const DEMO_PHONES = [
  { serialNumber: 'DEMOF2L00001', model: 'iPhone16,1', osVersion: '26.1', hirerName: '演示租机人甲' },
  { serialNumber: 'DEMOF2L00002', model: 'iPhone15,2', osVersion: '16.7.10', hirerName: '演示租机人乙' },
  { serialNumber: 'DEMOF2L00003', model: 'iPhone14,5', osVersion: '17.6.1', hirerName: '演示租机人丙' },
  { serialNumber: 'DEMOF2L00004', model: 'iPhone17,3', osVersion: '18.6.2', hirerName: '演示租机人丁' },
  { serialNumber: 'DEMOF2L00005', model: 'iPhone14,7', osVersion: '26.0.1', hirerName: '演示租机人戊' },
];

/**
 * startDemoDevices keeps a few simulated iPhones enrolled in the demo store, speaking the real protocol to
 * this server over HTTP and woken through the local APNs stand-in. They are marked simulated in the console.
 */
export async function startDemoDevices(deps: {
  db: Db;
  enroll: EnrollService;
  codec: EnrollCodec;
  apns: MockApns;
  origin: string;
  count: number;
  log: FastifyBaseLogger;
}) {
  const [demo] = await deps.db
    .select({ storeId: store.id, clerkId: clerk.id })
    .from(store)
    .innerJoin(clerk, eq(clerk.storeId, store.id))
    .where(and(eq(store.isDemo, true), eq(clerk.isAdmin, true)))
    .limit(1);
  if (!demo) return [];
  const phones: SimulatedIphone[] = [];
  for (const [index, spec] of DEMO_PHONES.slice(0, deps.count).entries()) {
    const [existing] = await deps.db
      .select({ id: iosDevice.id })
      .from(iosDevice)
      .where(and(eq(iosDevice.storeId, demo.storeId), eq(iosDevice.serialNumber, spec.serialNumber)));
    if (!existing) {
      await deps.db.insert(iosDevice).values({
        storeId: demo.storeId,
        clerkId: demo.clerkId,
        serialNumber: spec.serialNumber,
        hirerName: spec.hirerName,
        isSimulated: true,
        remark: '模拟设备（演示）',
      });
    }
    // A demo phone enrols again at each start: Authenticate with the same UDID re-binds its new identity.
    await deps.db
      .update(iosDevice)
      .set({ enrollmentStatus: 0, isSimulated: true })
      .where(and(eq(iosDevice.storeId, demo.storeId), eq(iosDevice.serialNumber, spec.serialNumber)));
    const code = deps.codec.encode({ storeId: demo.storeId, serialNumber: spec.serialNumber });
    const profile = await deps.enroll.profile(code);
    const phone = createSimulatedIphone({
      serialNumber: spec.serialNumber,
      udid: `00008120-${(0xde0000 + index).toString(16).toUpperCase().padStart(16, '0')}`,
      model: spec.model,
      osVersion: spec.osVersion,
      serverOrigin: deps.origin,
    });
    try {
      phone.attachPush(deps.apns);
      await phone.enroll(profile);
      phone.startPolling(10 * 60_000);
      phones.push(phone);
    } catch (err) {
      deps.log.warn({ err, serial: spec.serialNumber }, 'a demo phone could not enrol');
    }
  }
  return phones;
}
