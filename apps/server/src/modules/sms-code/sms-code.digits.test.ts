import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { createSmsCodeService } from './sms-code.service.ts';
import type { SmsMessage, SmsSender } from '../../adapters/sms/sms-sender.ts';

// The code is drawn by randomInt(0, 1_000_000); one draw in ten is below 100000 and must still be sent as six digits.
// The draw is fixed here (only randomInt, and only while `draw` is set) so that case is tested every time, not by chance.
const draw = vi.hoisted(() => ({ value: undefined as number | undefined }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  const randomInt = ((...args: Parameters<typeof crypto.randomInt>) =>
    draw.value === undefined ? (crypto.randomInt as (...a: unknown[]) => unknown)(...args) : draw.value) as typeof crypto.randomInt;
  return { ...crypto, default: { ...crypto, randomInt }, randomInt };
});

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('code digits', () => {
  it('sends a code below 100000 with its leading zeros, six digits, and accepts it as sent', async () => {
    const sent: SmsMessage[] = [];
    const sender: SmsSender = { name: 'test', label: 'test', live: false, ready: true, send: async (m) => void sent.push(m) };
    const sms = createSmsCodeService(database.db, sender, randomBytes(32));
    for (const [value, expected, phone] of [
      [42, '000042', '13700000042'],
      [7, '000007', '13700000007'],
      [99_999, '099999', '13700099999'],
    ] as const) {
      draw.value = value;
      await sms.send(phone, 'register', '10.20.0.1');
      draw.value = undefined;
      const m = sent.at(-1)!;
      expect(m.code).toBe(expected);
      expect(m.content).toContain(`您的验证码为 ${expected}，`);
      await sms.consume(phone, 'register', expected);
    }
  });
});
