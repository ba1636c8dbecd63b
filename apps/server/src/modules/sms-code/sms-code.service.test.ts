import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { createOutboxSmsSender } from '../../adapters/sms/outbox-sender.ts';
import { DEFAULT_SMS_LIMITS, type SmsLimits, createSmsCodeService } from './sms-code.service.ts';
import { createSmsProof } from './sms-proof.ts';
import { solveChallenge } from './sms-proof.test-kit.ts';
import { smsProofHolds } from '@lease/shared';
import type { SmsSender } from '../../adapters/sms/sms-sender.ts';
import { smsOutbox } from '../../adapters/sms/outbox.table.ts';
import { smsCheck, smsCode, smsProofSpent } from './sms-code.table.ts';
import { unconfiguredSmsSender } from '../../adapters/sms/unconfigured-sender.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

let seq = 0;
const phone = () => `137${String(process.pid % 10000).padStart(4, '0')}${String(seq++).padStart(4, '0')}`;
/** Proofs here are 8 bits, so solving them costs nothing; the routes' tests solve the real difficulty. */
const PROOF_BITS = 8;
const service = (limits: Partial<SmsLimits> = {}, sender: SmsSender = createOutboxSmsSender(database.db), secret = randomBytes(32)) =>
  createSmsCodeService(database.db, sender, secret, { ...DEFAULT_SMS_LIMITS, ...limits }, createSmsProof(database.db, secret, PROOF_BITS));
const smsHolds = (challenge: string, solution: string) => smsProofHolds(challenge, solution, PROOF_BITS);
const checksOf = (p: string) => database.db.select().from(smsCheck).where(eq(smsCheck.phoneNumber, p));
const lastCode = async (p: string) => {
  const rows = await database.db.select().from(smsOutbox).where(eq(smsOutbox.phoneNumber, p)).orderBy(smsOutbox.id);
  return /\d{6}/.exec(rows.at(-1)!.content)![0];
};
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
const errorOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a refusal');
};
/** age moves a phone's codes back in time, as if sent `ms` ago. */
const age = (p: string, ms: number) =>
  database.db.execute(sql`update sms_code set created_at = created_at - ${`${ms} milliseconds`}::interval where phone_number = ${p}`);

describe('guess limit', () => {
  it('lets the right code work after four wrong guesses', async () => {
    const sms = service();
    const p = phone();
    await sms.send(p, 'reset-password', '10.1.0.1');
    const code = await lastCode(p);
    for (let i = 0; i < 4; i++) expect((await errorOf(sms.consume(p, 'reset-password', wrongFor(code)))).code).toBe('SMS_CODE_INVALID');
    await sms.consume(p, 'reset-password', code);
    // …once only.
    expect((await errorOf(sms.consume(p, 'reset-password', code))).code).toBe('SMS_CODE_INVALID');
  });

  it('refuses the right code after five wrong guesses', async () => {
    const sms = service();
    const p = phone();
    await sms.send(p, 'reset-password', '10.1.0.2');
    const code = await lastCode(p);
    for (let i = 0; i < 5; i++) await errorOf(sms.consume(p, 'reset-password', wrongFor(code)));
    expect((await errorOf(sms.consume(p, 'reset-password', code))).code).toBe('SMS_CODE_INVALID');
  });

  it('counts 1,000 parallel wrong guesses from one address so that the right code from there fails after them', async () => {
    // Hourly check throttles high, so only the per-code count stands between the guesses and the code.
    const sms = service({ checksPerPhonePerIpPerHour: 100_000, checksPerIpPerHour: 100_000 });
    const p = phone();
    await sms.send(p, 'reset-password', '10.1.0.3');
    const code = await lastCode(p);
    const results = await Promise.allSettled(Array.from({ length: 1000 }, () => sms.consume(p, 'reset-password', wrongFor(code), '10.1.0.3')));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect((await errorOf(sms.consume(p, 'reset-password', code, '10.1.0.3'))).code).toBe('SMS_CODE_INVALID');
  }, 120_000);

  it('lets the right code through at most once among 1,000 parallel tries of it and wrong guesses', async () => {
    const sms = service({ checksPerPhonePerIpPerHour: 100_000, checksPerIpPerHour: 100_000 });
    const p = phone();
    await sms.send(p, 'register', '10.1.0.4');
    const code = await lastCode(p);
    const tries = Array.from({ length: 1000 }, (_, i) => sms.consume(p, 'register', i % 100 === 0 ? code : wrongFor(code)));
    const ok = (await Promise.allSettled(tries)).filter((r) => r.status === 'fulfilled');
    expect(ok.length).toBeLessThanOrEqual(1);
  }, 120_000);
});

describe('expiry', () => {
  it('issues codes for five minutes and refuses an expired one', async () => {
    const sms = service();
    const p = phone();
    await sms.send(p, 'update-password', '10.1.0.5');
    const [row] = await database.db.select().from(smsCode).where(eq(smsCode.phoneNumber, p));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(4.9 * 60_000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(5 * 60_000 + 1000);
    await database.db.execute(sql`update sms_code set expires_at = now() - interval '1 second' where phone_number = ${p}`);
    expect((await errorOf(sms.consume(p, 'update-password', await lastCode(p)))).code).toBe('SMS_CODE_INVALID');
  });
});

describe('send caps', () => {
  it('sends a phone at most ten codes a day from one address, counting codes it was not told apart from sent ones', async () => {
    const sms = service({ perIpPerHour: 1000 });
    const p = phone();
    for (let i = 0; i < 10; i++) {
      await sms.send(p, 'reset-password', '10.2.0.1', i % 2 === 0);
      await age(p, 61_000);
    }
    const refused = await errorOf(sms.send(p, 'register', '10.2.0.1'));
    expect(refused.statusCode).toBe(429);
    expect(refused.message).toBe('该手机号今日获取验证码次数已达上限');
    // Another address (the owner's) is not held to what this one used up.
    await sms.send(p, 'register', '10.2.0.2');
    await age(p, 61_000);
    // A day later the oldest no longer count.
    await database.db.execute(
      sql`update sms_code set created_at = now() - interval '25 hours' where id = (select min(id) from sms_code where phone_number = ${p})`,
    );
    await sms.send(p, 'reset-password', '10.2.0.1');
  });

  it('sends a phone at most thirty codes a day from all addresses together', async () => {
    const sms = service({ perIpPerHour: 1000 });
    const p = phone();
    await database.db.execute(
      sql`insert into sms_code (phone_number, purpose, code_hash, ip, created_at, expires_at) select ${p}, 'register', 'undeliverable', '10.2.2.' || g, now() - interval '2 hours', now() from generate_series(1, 29) g`,
    );
    await sms.send(p, 'register', '10.2.3.1');
    await age(p, 61_000);
    const refused = await errorOf(sms.send(p, 'register', '10.2.3.2'));
    expect([refused.statusCode, refused.message]).toEqual([429, '该手机号今日获取验证码次数已达上限']);
  });

  it('sends at most thirty codes an hour to one IP', async () => {
    const sms = service();
    const ip = `10.3.${process.pid % 250}.7`;
    for (let i = 0; i < 30; i++) await sms.send(phone(), 'register', ip);
    const refused = await errorOf(sms.send(phone(), 'register', ip));
    expect(refused.statusCode).toBe(429);
    expect(refused.message).toBe('获取验证码过于频繁，请稍后再试');
    await sms.send(phone(), 'register', '10.3.0.8');
    await database.db.execute(sql`update sms_code set created_at = now() - interval '61 minutes' where ip = ${ip}`);
    await sms.send(phone(), 'register', ip);
  });

  it('refuses a resend of the same purpose within 60 seconds', async () => {
    const sms = service();
    const p = phone();
    await sms.send(p, 'sensitive', '10.4.0.1');
    expect((await errorOf(sms.send(p, 'sensitive', '10.4.0.1'))).message).toBe('验证码发送过于频繁，请 60 秒后再试');
    // Still refused 59 s later (the wait is seconds, not milliseconds), with the code the client retries on.
    await age(p, 59_000);
    const refused = await errorOf(sms.send(p, 'sensitive', '10.4.0.1'));
    expect([refused.code, refused.statusCode]).toEqual(['TOO_MANY_REQUESTS', 429]);
    await age(p, 2_000);
    await sms.send(p, 'sensitive', '10.4.0.1');
  });
});

describe('check throttle', () => {
  it('refuses an address’s 31st check at one phone in an hour, even with the right code, and only that address', async () => {
    const sms = service();
    const p = phone();
    await database.db.execute(sql`insert into sms_check (phone_number, ip) select ${p}, '10.5.0.1' from generate_series(1, 30)`);
    await sms.send(p, 'reset-password', '10.5.0.2');
    const refused = await errorOf(sms.consume(p, 'reset-password', await lastCode(p), '10.5.0.1'));
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.message).toBe('验证码校验过于频繁，请稍后再试');
    await sms.consume(p, 'reset-password', await lastCode(p), '10.5.0.2');
  });

  it('refuses an IP’s 101st check in an hour, whatever phones it tries', async () => {
    const sms = service();
    const ip = `10.6.${process.pid % 250}.9`;
    await database.db.execute(sql`insert into sms_check (phone_number, ip) select '1370000' || lpad(g::text, 4, '0'), ${ip} from generate_series(1, 100) g`);
    const p = phone();
    await sms.send(p, 'register', '10.6.0.1');
    expect((await errorOf(sms.consume(p, 'register', await lastCode(p), ip))).code).toBe('TOO_MANY_REQUESTS');
    await sms.consume(p, 'register', await lastCode(p), '10.6.0.2');
  });
});

describe('delivery', () => {
  it('answers 短信服务未配置 to sends and checks when nothing can deliver, storing no code', async () => {
    const sms = service({}, unconfiguredSmsSender);
    const p = phone();
    for (const refused of [
      await errorOf(sms.send(p, 'register', '10.7.0.1')),
      await errorOf(sms.send(p, 'reset-password', '10.7.0.1', false)),
      await errorOf(sms.consume(p, 'register', '123456')),
    ]) {
      expect(refused.code).toBe('SMS_NOT_CONFIGURED');
      expect(refused.statusCode).toBe(503);
      expect(refused.message).toContain('短信服务未配置');
    }
    expect(await database.db.select().from(smsCode).where(eq(smsCode.phoneNumber, p))).toEqual([]);
  });

  it('spends a code the gateway refused, passes its error on, and allows a resend at once', async () => {
    let fail = true;
    const sent: string[] = [];
    const flaky: SmsSender = {
      name: 'flaky',
      label: 'flaky',
      live: true,
      ready: true,
      async send(m) {
        if (fail) throw new AppError('SMS_SEND_FAILED', '短信服务响应超时，请稍后再试');
        sent.push(m.code);
      },
    };
    const sms = service({}, flaky);
    const p = phone();
    expect((await errorOf(sms.send(p, 'register', '10.8.0.1'))).message).toBe('短信服务响应超时，请稍后再试');
    const [failed] = await database.db.select().from(smsCode).where(eq(smsCode.phoneNumber, p));
    expect(failed.consumedAt).not.toBeNull();
    fail = false;
    await sms.send(p, 'register', '10.8.0.1');
    await sms.consume(p, 'register', sent[0]);
  });
});

describe('cleanup', () => {
  it('drops codes and checks older than two days and keeps the rest', async () => {
    const { smsCleanupJob } = await import('./sms-cleanup.job.ts');
    const p = phone();
    await service().send(p, 'register', '10.9.0.1');
    await database.db.execute(
      sql`insert into sms_check (phone_number, ip, created_at) values (${p}, '10.9.0.1', now() - interval '49 hours'), (${p}, '10.9.0.1', now())`,
    );
    const recent = phone();
    await service().send(recent, 'register', '10.9.0.2');
    await database.db.execute(sql`update sms_code set created_at = now() - interval '49 hours' where phone_number = ${p}`);
    await smsCleanupJob(database.db).run();
    expect(await database.db.select().from(smsCode).where(eq(smsCode.phoneNumber, p))).toEqual([]);
    const checks = (await database.db.execute(sql`select count(*)::int as n from sms_check where phone_number = ${p}`)) as unknown as { rows: { n: number }[] };
    expect(checks.rows[0].n).toBe(1);
    expect(await database.db.select().from(smsCode).where(eq(smsCode.phoneNumber, recent))).toHaveLength(1);
  });
});

describe('what a send answers, and a code that was never sent', () => {
  it('answers the resend wait and the masked phone, and puts the code in the message', async () => {
    const sms = service();
    const p = phone();
    expect(await sms.send(p, 'register', '10.10.0.1')).toEqual({ resend_after: 60, masked_phone: `${p.slice(0, 3)}****${p.slice(7)}` });
    const [row] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.phoneNumber, p));
    expect(row.content).toBe(`【租机宝】您的验证码为 ${await lastCode(p)}，用于注册门店，5 分钟内有效。请勿告诉他人。`);
  });

  it('answers `deliver: false` alike, sends nothing, and no guess ever matches it (without a crash)', async () => {
    const sms = service();
    const p = phone();
    expect(await sms.send(p, 'reset-password', '10.10.0.2', false)).toEqual({ resend_after: 60, masked_phone: `${p.slice(0, 3)}****${p.slice(7)}` });
    expect(await database.db.select().from(smsOutbox).where(eq(smsOutbox.phoneNumber, p))).toEqual([]);
    for (const guess of ['000000', '123456', 'undeliverable']) {
      const err = await errorOf(sms.consume(p, 'reset-password', guess));
      expect([err.code, err.message]).toEqual(['SMS_CODE_INVALID', '验证码错误或已过期']);
    }
    // It still counts as a send: the resend wait applies.
    expect((await errorOf(sms.send(p, 'reset-password', '10.10.0.2'))).message).toBe('验证码发送过于频繁，请 60 秒后再试');
  });
});

describe('check throttle edges', () => {
  it('lets an address’s 30th check at one phone in an hour through', async () => {
    const sms = service();
    const p = phone();
    await database.db.execute(sql`insert into sms_check (phone_number, ip) select ${p}, '10.11.0.1' from generate_series(1, 29)`);
    await sms.send(p, 'register', '10.11.0.1');
    await sms.consume(p, 'register', await lastCode(p), '10.11.0.1');
  });

  it('lets an IP’s 100th check in an hour through, and counts checks without an IP by phone only', async () => {
    const sms = service();
    const ip = `10.12.${process.pid % 250}.9`;
    await database.db.execute(sql`insert into sms_check (phone_number, ip) select '1371111' || lpad(g::text, 4, '0'), ${ip} from generate_series(1, 99) g`);
    const p = phone();
    await sms.send(p, 'register', '10.12.0.1');
    await sms.consume(p, 'register', await lastCode(p), ip);
    // Checks made without an IP are stored with an empty one and never add up across phones.
    await database.db.execute(sql`insert into sms_check (phone_number, ip) select '1372222' || lpad(g::text, 4, '0'), '' from generate_series(1, 150) g`);
    const q = phone();
    await sms.send(q, 'register', '10.12.0.2');
    await sms.consume(q, 'register', await lastCode(q));
  });
});

describe('a stranger cannot lock the owner out', () => {
  it('does not count checks when no code is live, and lets the owner’s right code work after 40 of them from the same address', async () => {
    const sms = service();
    const p = phone();
    for (let i = 0; i < 40; i++) {
      const err = await errorOf(sms.consume(p, 'reset-password', String(100000 + i), '10.13.0.1'));
      expect([err.code, err.message]).toEqual(['SMS_CODE_INVALID', '验证码错误或已过期']);
    }
    expect(await checksOf(p)).toEqual([]);
    await sms.send(p, 'reset-password', '10.13.0.1');
    await sms.consume(p, 'reset-password', await lastCode(p), '10.13.0.1');
  });

  it('keeps the owner’s right code working after 31 wrong guesses at it from another address', async () => {
    const sms = service();
    const p = phone();
    await sms.send(p, 'reset-password', '10.14.0.1');
    const code = await lastCode(p);
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push((await errorOf(sms.consume(p, 'reset-password', wrongFor(code), '10.14.9.9'))).code);
    // The stranger's guesses at this code are spent after five, and all strangers' at this phone after twenty.
    expect(answers.slice(0, 20).every((c) => c === 'SMS_CODE_INVALID')).toBe(true);
    expect(answers.slice(20).every((c) => c === 'TOO_MANY_REQUESTS')).toBe(true);
    // Even the right code from a second stranger's address fails now.
    expect((await errorOf(sms.consume(p, 'reset-password', code, '10.14.9.8'))).code).toBe('TOO_MANY_REQUESTS');
    await sms.consume(p, 'reset-password', code, '10.14.0.1');
  });

  it('gives each address five guesses at a code, strangers twenty a day at a phone, and the asking address its own five always', async () => {
    const sms = service();
    const p = phone();
    await sms.send(p, 'register', '10.15.0.1');
    const code = await lastCode(p);
    // Five wrong from one address spend that address's guesses: its sixth, even right, fails.
    for (let i = 0; i < 5; i++) await errorOf(sms.consume(p, 'register', wrongFor(code), '10.15.1.1'));
    expect((await errorOf(sms.consume(p, 'register', code, '10.15.1.1'))).code).toBe('SMS_CODE_INVALID');
    // Two more strangers bring the strangers' guesses to twenty (the sixth above counts too): a fourth stranger's
    // right code fails, while the owner's address still has its own five.
    for (const ip of ['10.15.1.2', '10.15.1.3']) for (let i = 0; i < 5; i++) await errorOf(sms.consume(p, 'register', wrongFor(code), ip));
    for (let i = 0; i < 4; i++) await errorOf(sms.consume(p, 'register', wrongFor(code), '10.15.1.4'));
    expect((await errorOf(sms.consume(p, 'register', code, '10.15.1.5'))).code).toBe('TOO_MANY_REQUESTS');
    for (let i = 0; i < 4; i++) await errorOf(sms.consume(p, 'register', wrongFor(code), '10.15.0.1'));
    await sms.consume(p, 'register', code, '10.15.0.1');
  });

  it('counts strangers’ guesses at a phone across its codes for a day', async () => {
    const sms = service();
    const p = phone();
    await sms.send(p, 'register', '10.23.0.1');
    for (let i = 0; i < 20; i++) await errorOf(sms.consume(p, 'register', 'x', `10.23.1.${i % 4}`));
    await age(p, 61_000);
    await sms.send(p, 'register', '10.23.0.1');
    // A new code, a new stranger: still over the phone's day of strangers' guesses.
    expect((await errorOf(sms.consume(p, 'register', await lastCode(p), '10.23.2.1'))).code).toBe('TOO_MANY_REQUESTS');
    await database.db.execute(sql`update sms_check set created_at = now() - interval '25 hours' where phone_number = ${p}`);
    await sms.consume(p, 'register', await lastCode(p), '10.23.2.1');
  });

  it('gives a new code its own guesses', async () => {
    const sms = service();
    const p = phone();
    await sms.send(p, 'register', '10.16.0.1');
    const first = await lastCode(p);
    for (let i = 0; i < 5; i++) await errorOf(sms.consume(p, 'register', wrongFor(first), '10.16.0.1'));
    await age(p, 61_000);
    await sms.send(p, 'register', '10.16.0.1');
    await sms.consume(p, 'register', await lastCode(p), '10.16.0.1');
  });

  it('checks the owner’s code, not a newer one a stranger asked for', async () => {
    const sms = service();
    const p = phone();
    await sms.send(p, 'reset-password', '10.17.0.1');
    const owners = await lastCode(p);
    await age(p, 61_000);
    await sms.send(p, 'reset-password', '10.17.9.9');
    await sms.consume(p, 'reset-password', owners, '10.17.0.1');
  });
});

describe('proof of work before public sends', () => {
  const challengeOf = (sms: ReturnType<typeof service>) => sms.challenge();
  const proofFor = (sms: ReturnType<typeof service>) => {
    const { challenge, difficulty } = challengeOf(sms);
    return solveChallenge(challenge, difficulty);
  };

  it('lets an address’s first public send through without a proof, then asks for one; a solved one works once', async () => {
    const sms = service();
    const ip = '10.18.0.1';
    await sms.sendPublic(phone(), 'register', ip, true, undefined);
    const p = phone();
    const refused = await errorOf(sms.sendPublic(p, 'register', ip, true, undefined));
    expect([refused.code, refused.statusCode, refused.message]).toEqual(['SMS_PROOF_REQUIRED', 428, '请先完成人机验证再获取验证码']);
    expect(await database.db.select().from(smsCode).where(eq(smsCode.phoneNumber, p))).toEqual([]);
    const proof = proofFor(sms);
    await sms.sendPublic(p, 'register', ip, true, proof);
    // Replayed, even for another phone.
    const replayed = await errorOf(sms.sendPublic(phone(), 'register', ip, true, proof));
    expect([replayed.code, replayed.message]).toEqual(['SMS_PROOF_INVALID', '人机验证已使用，请重试']);
  });

  it('asks for a proof when the phone had a code today, whatever address asks', async () => {
    const sms = service();
    const p = phone();
    await sms.sendPublic(p, 'reset-password', '10.19.0.1', false, undefined);
    await age(p, 61_000);
    expect((await errorOf(sms.sendPublic(p, 'reset-password', '10.19.0.2', false, undefined))).code).toBe('SMS_PROOF_REQUIRED');
    await sms.sendPublic(p, 'reset-password', '10.19.0.2', false, proofFor(sms));
  });

  it('answers the caps before asking for a proof', async () => {
    const sms = service();
    const p = phone();
    await sms.sendPublic(p, 'register', '10.20.0.1', true, undefined);
    expect((await errorOf(sms.sendPublic(p, 'register', '10.20.0.1', true, undefined))).code).toBe('TOO_MANY_REQUESTS');
  });

  it('refuses a forged, expired, too easy or unsolved proof', async () => {
    const secret = randomBytes(32);
    const sms = service({}, undefined, secret);
    const ip = '10.21.0.1';
    await sms.sendPublic(phone(), 'register', ip, true, undefined);
    const refusedWith = async (proof: { challenge: string; solution: string }) => {
      const err = await errorOf(sms.sendPublic(phone(), 'register', ip, true, proof));
      expect(err.code).toBe('SMS_PROOF_INVALID');
      expect(err.statusCode).toBe(400);
      return err.message;
    };
    const good = proofFor(sms);
    const [expiry, bits, nonce, mac] = good.challenge.split('.');
    // Forged: another signature, another key, or the difficulty lowered under the same signature.
    expect(await refusedWith({ ...good, challenge: `${expiry}.${bits}.${nonce}.${mac.slice(1)}A` })).toBe('人机验证未通过，请重试');
    expect(await refusedWith(proofFor(service()))).toBe('人机验证未通过，请重试');
    expect(await refusedWith(solveChallenge(`${expiry}.1.${nonce}.${mac}`, 1))).toBe('人机验证未通过，请重试');
    expect(await refusedWith({ challenge: 'a.b.c', solution: '1' })).toBe('人机验证未通过，请重试');
    // Issued with the right key but easier than asked for now.
    const easy = createSmsProof(database.db, secret, PROOF_BITS - 4).issue();
    expect(await refusedWith(solveChallenge(easy.challenge, easy.difficulty))).toBe('人机验证未通过，请重试');
    // Expired: issued six minutes ago with the right key.
    const old = createSmsProof(database.db, secret, PROOF_BITS, () => Date.now() - 6 * 60_000).issue();
    expect(await refusedWith(solveChallenge(old.challenge, old.difficulty))).toBe('人机验证已过期，请重试');
    // Unsolved: a solution that does not reach the difficulty.
    let wrong = 0;
    while (smsHolds(good.challenge, String(wrong))) wrong++;
    expect(await refusedWith({ challenge: good.challenge, solution: String(wrong) })).toBe('人机验证未通过，请重试');
    // The good one still works: refusals did not spend it.
    await sms.sendPublic(phone(), 'register', ip, true, good);
  });

  it('answers a challenge of the configured difficulty that expires in five minutes', () => {
    const issued = service().challenge();
    expect(issued.difficulty).toBe(PROOF_BITS);
    expect(new Date(issued.expires_at).getTime() - Date.now()).toBeGreaterThan(4.9 * 60_000);
    expect(issued.challenge.length).toBeLessThanOrEqual(45);
  });

  it('drops spent proofs once they expire', async () => {
    const { smsCleanupJob } = await import('./sms-cleanup.job.ts');
    const sms = service();
    const ip = '10.22.0.1';
    await sms.sendPublic(phone(), 'register', ip, true, undefined);
    const proof = proofFor(sms);
    await sms.sendPublic(phone(), 'register', ip, true, proof);
    await database.db.execute(sql`update sms_proof_spent set expires_at = now() - interval '1 second' where challenge = ${proof.challenge}`);
    await smsCleanupJob(database.db).run();
    const left = await database.db.select().from(smsProofSpent).where(eq(smsProofSpent.challenge, proof.challenge));
    expect(left).toEqual([]);
  });
});
