import { spawn } from 'node:child_process';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../../adapters/sms/outbox.table.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { store } from '../../domain/store.table.ts';
import { mdmCommand, mdmEnrollment } from '../../mdm/apple/mdm.table.ts';
import { createScratchDatabase } from '../../test/test-db.ts';
import { instantOf } from './lease-calendar.ts';
import { leaseAction, leasePlan } from './lease.table.ts';

/**
 * The crash test for the lease watch: a watch run over 300 plans (150 reminders, 150 arrears locks) on
 * PostgreSQL is killed with SIGKILL midway; a second process runs it again. No step is lost and none is taken
 * twice: one text per reminded hirer (a text caught mid-send is 'unknown', never resent), one Lost Mode per
 * locked phone, one operation each.
 */
const PLANS = Number(process.env.CRASH_PLANS ?? 300);
const root = path.resolve(import.meta.dirname, '../../../../..');
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NOW = instantOf('2026-12-14', 9, 'Asia/Shanghai');

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let database: Database;

function runWatch(minutesAfter: number, killWhen?: () => Promise<boolean>): Promise<{ killed: boolean; code: number | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/modules/lease/test/watch-runner.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: scratch.url, LEASE_NOW: new Date(NOW.getTime() + minutesAfter * 60_000).toISOString() },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => {
    let killed = false;
    let ready = false;
    child.stdout.on('data', (b: Buffer) => {
      if (b.toString().includes('ready')) ready = true;
    });
    const poll = setInterval(async () => {
      if (!killWhen || killed || !ready) return;
      if (await killWhen()) {
        killed = true;
        child.kill('SIGKILL');
      }
    }, 15);
    child.once('exit', (code) => {
      clearInterval(poll);
      resolve({ killed, code });
    });
  });
}

beforeAll(async () => {
  scratch = await createScratchDatabase(baseUrl, 'leasecrash');
  database = await openDatabase({ kind: 'postgres', url: scratch.url });
  const { db } = database;
  const [s] = await db
    .insert(store)
    .values({ storeName: '崩溃测试门店', modules: ['apple', 'android'] })
    .returning();
  for (let i = 0; i < PLANS; i++) {
    const udid = `00008120-${String(i).padStart(16, '0')}`;
    const [d] = await db
      .insert(iosDevice)
      .values({
        storeId: s.id,
        serialNumber: `LCRASH${String(i).padStart(5, '0')}`,
        udid,
        enrollmentStatus: 1,
        hirerName: `租机人${i}`,
        hirerPhoneNumber: `1380000${String(i).padStart(4, '0')}`,
      })
      .returning();
    await db.insert(mdmEnrollment).values({
      deviceId: d.id,
      udid,
      certFingerprint: `fp-${d.id}`,
      topic: 'com.apple.mgmt.test',
      tokenHex: i.toString(16).padStart(64, '0'),
      pushMagic: `m-${i}`,
      enabled: true,
    });
    // Even: due on the 17th (its 3-days reminder is due); odd: due on the 10th, unpaid past 3 grace days (locked).
    const due = i % 2 === 0 ? '2026-12-17' : '2026-12-10';
    await db.insert(leasePlan).values({
      storeId: s.id,
      platform: 'ios',
      deviceId: d.id,
      startDate: '2026-11-10',
      periods: 2,
      period: 'dates',
      dueDates: [due, '2027-01-17'],
      amountFen: 500_00,
      nextCheckAt: NOW,
    });
  }
}, 600_000);

afterAll(async () => {
  await database?.close();
  await scratch?.drop();
});

describe('SIGKILL in the middle of a lease watch run', () => {
  it('neither loses nor repeats a step', async () => {
    const { db } = database;
    const evaluated = async () => (await db.select({ n: count() }).from(leasePlan).where(sql`${leasePlan.status} <> 'current'`))[0].n;
    const taken = async () =>
      (
        await db.select({ n: count() }).from(leaseAction).where(sql`${leaseAction.status} in ('done', 'unknown') and ${leaseAction.step} in ('remind', 'lock')`)
      )[0].n;
    // First kill: between the evaluation's batches (100 plans per transaction).
    const first = await runWatch(30, async () => (await evaluated()) >= 100);
    expect(first.killed).toBe(true);
    const afterFirst = await evaluated();
    // Second kill: while the recorded steps are being taken (texts sent, locks queued).
    const second = await runWatch(40, async () => (await taken()) >= PLANS * 0.3);
    expect(second.killed).toBe(true);
    const afterSecond = await taken();
    expect(afterSecond).toBeLessThan(PLANS);
    // Restarted a quarter of an hour later: a text caught mid-send is settled as unknown, a lock is replayed.
    const third = await runWatch(55);
    expect(third.code).toBe(0);

    const steps = await db.select().from(leaseAction);
    const reminders = steps.filter((s) => s.step === 'remind');
    const locks = steps.filter((s) => s.step === 'lock');
    expect(reminders).toHaveLength(PLANS / 2);
    expect(locks).toHaveLength(PLANS / 2);
    expect(steps.filter((s) => s.step === 'overdue')).toHaveLength(PLANS / 2);
    expect(steps.filter((s) => !['done', 'unknown'].includes(s.status))).toEqual([]);
    // Only a reminder can be 'unknown' (caught between "sending" and "sent"); the kill leaves at most one per process.
    expect(steps.filter((s) => s.status === 'unknown' && s.step !== 'remind')).toEqual([]);

    const texts = await db.select({ phone: smsOutbox.phoneNumber, n: count() }).from(smsOutbox).groupBy(smsOutbox.phoneNumber);
    expect(texts.filter((t) => t.n > 1)).toEqual([]);
    expect(texts.length).toBeGreaterThanOrEqual(reminders.filter((r) => r.status === 'done').length);
    expect(texts.length).toBeLessThanOrEqual(reminders.length);

    const lostModes = await db
      .select({ device: mdmCommand.deviceId, n: count() })
      .from(mdmCommand)
      .where(eq(mdmCommand.requestType, 'EnableLostMode'))
      .groupBy(mdmCommand.deviceId);
    expect(lostModes).toHaveLength(PLANS / 2);
    expect(lostModes.filter((c) => c.n !== 1)).toEqual([]);
    const lockOps = await db
      .select({ device: operationLog.deviceId, n: count() })
      .from(operationLog)
      .where(eq(operationLog.action, 'lock'))
      .groupBy(operationLog.deviceId);
    expect(lockOps.filter((o) => o.n !== 1)).toEqual([]);
    const reminderOps = await db.select({ n: count() }).from(operationLog).where(eq(operationLog.action, 'lease-reminder'));
    expect(reminderOps[0].n).toBe(reminders.filter((r) => r.status === 'done').length);
    const locked = await db
      .select({ n: count() })
      .from(leasePlan)
      .where(and(eq(leasePlan.status, 'locked'), sql`${leasePlan.lockedForArrearsAt} is not null`));
    expect(locked[0].n).toBe(PLANS / 2);
    console.log(
      `lease crash test: killed with ${afterFirst} plans evaluated, then with ${afterSecond} steps taken; ${steps.filter((s) => s.status === 'unknown').length} reminder(s) caught mid-send`,
    );
  }, 600_000);
});
