import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import { type SmsCodePurpose, type SmsSentResponse, maskPhone, smsPurposeLabel } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { SmsSender } from '../../adapters/sms/sms-sender.ts';
import { smsCheck, smsCode } from './sms-code.table.ts';

const CODE_TTL_MS = 5 * 60_000;
const RESEND_AFTER_S = 60;
const MAX_ATTEMPTS = 5;
/** Rows of codes that never reached a phone (the gateway refused): they count toward the caps, not the resend wait. */
const SEND_FAILED = 'send-failed';
/** Rows answered like a sent code but never sent (unknown phone for a reset, registered phone for registering). */
const UNDELIVERABLE = 'undeliverable';

export interface SmsLimits {
  perPhonePerDay: number;
  perIpPerHour: number;
  /** Code checks (guesses) per phone, and per IP, in an hour; each code also allows only five guesses. */
  checksPerPhonePerHour: number;
  checksPerIpPerHour: number;
}

export const DEFAULT_SMS_LIMITS: SmsLimits = { perPhonePerDay: 10, perIpPerHour: 30, checksPerPhonePerHour: 30, checksPerIpPerHour: 100 };

/**
 * createSmsCodeService sends and checks six-digit codes. Codes are stored as an HMAC under a server
 * secret, expire after five minutes, allow five guesses, and work once.
 */
export function createSmsCodeService(db: Db, sender: SmsSender, secret: Uint8Array, limits: SmsLimits = DEFAULT_SMS_LIMITS) {
  const digest = (phone: string, purpose: string, code: string) => createHmac('sha256', secret).update(`${phone}|${purpose}|${code}`).digest('hex');
  const assertReady = () => {
    if (!sender.ready) throw new AppError('SMS_NOT_CONFIGURED');
  };
  const invalid = () => new AppError('SMS_CODE_INVALID', '验证码错误或已过期');

  /** throttleChecks records this check first, then counts, so parallel checks see each other. */
  async function throttleChecks(phone: string, ip: string | undefined) {
    const since = new Date(Date.now() - 3_600_000);
    await db.insert(smsCheck).values({ phoneNumber: phone, ip: ip ?? '' });
    const [[byPhone], [byIp]] = await Promise.all([
      db
        .select({ n: count() })
        .from(smsCheck)
        .where(and(eq(smsCheck.phoneNumber, phone), gte(smsCheck.createdAt, since))),
      ip
        ? db
            .select({ n: count() })
            .from(smsCheck)
            .where(and(eq(smsCheck.ip, ip), gte(smsCheck.createdAt, since)))
        : [{ n: 0 }],
    ]);
    if (byPhone.n > limits.checksPerPhonePerHour || byIp.n > limits.checksPerIpPerHour) {
      throw new AppError('TOO_MANY_REQUESTS', '验证码校验过于频繁，请稍后再试');
    }
  }

  return {
    /** sender is who delivers codes (the dev page names it). */
    sender,

    /** send issues a code unless the phone or IP is asking too often. `deliver: false` answers alike but sends nothing. */
    async send(phone: string, purpose: SmsCodePurpose, ip: string, deliver = true): Promise<SmsSentResponse> {
      assertReady();
      const now = Date.now();
      const [[recent], [daily], [fromIp]] = await Promise.all([
        db
          .select({ n: count() })
          .from(smsCode)
          .where(
            and(
              eq(smsCode.phoneNumber, phone),
              eq(smsCode.purpose, purpose),
              ne(smsCode.codeHash, SEND_FAILED),
              gte(smsCode.createdAt, new Date(now - RESEND_AFTER_S * 1000)),
            ),
          ),
        db
          .select({ n: count() })
          .from(smsCode)
          .where(and(eq(smsCode.phoneNumber, phone), gte(smsCode.createdAt, new Date(now - 86_400_000)))),
        db
          .select({ n: count() })
          .from(smsCode)
          .where(and(eq(smsCode.ip, ip), gte(smsCode.createdAt, new Date(now - 3_600_000)))),
      ]);
      if (recent.n > 0) throw new AppError('TOO_MANY_REQUESTS', '验证码发送过于频繁，请 60 秒后再试');
      if (daily.n >= limits.perPhonePerDay) throw new AppError('TOO_MANY_REQUESTS', '该手机号今日获取验证码次数已达上限');
      if (fromIp.n >= limits.perIpPerHour) throw new AppError('TOO_MANY_REQUESTS', '获取验证码过于频繁，请稍后再试');

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const [row] = await db
        .insert(smsCode)
        .values({
          phoneNumber: phone,
          purpose,
          codeHash: deliver ? digest(phone, purpose, code) : UNDELIVERABLE,
          ip,
          expiresAt: new Date(now + CODE_TTL_MS),
        })
        .returning({ id: smsCode.id });
      if (deliver) {
        const content = `【租机宝】您的验证码为 ${code}，用于${smsPurposeLabel[purpose]}，5 分钟内有效。请勿告诉他人。`;
        try {
          await sender.send({ phoneNumber: phone, purpose, code, content });
        } catch (err) {
          // The code never reached the phone: spend it, so a later delivery cannot revive it.
          await db.update(smsCode).set({ codeHash: SEND_FAILED, consumedAt: new Date() }).where(eq(smsCode.id, row.id));
          throw err;
        }
      }
      return { resend_after: RESEND_AFTER_S, masked_phone: maskPhone(phone) };
    },

    /**
     * consume checks a code and spends it. The guess is spent first, in one UPDATE that only succeeds while
     * fewer than five were made, so parallel guesses cannot outrun the limit (PostgreSQL re-checks the WHERE
     * on the locked row); only a spent guess is compared.
     */
    async consume(phone: string, purpose: SmsCodePurpose, code: string, ip?: string): Promise<void> {
      assertReady();
      await throttleChecks(phone, ip);
      const newest = db
        .select({ id: smsCode.id })
        .from(smsCode)
        .where(and(eq(smsCode.phoneNumber, phone), eq(smsCode.purpose, purpose), isNull(smsCode.consumedAt), gt(smsCode.expiresAt, new Date())))
        .orderBy(desc(smsCode.id))
        .limit(1);
      const [guess] = await db
        .update(smsCode)
        .set({ attempts: sql`${smsCode.attempts} + 1` })
        .where(and(eq(smsCode.id, sql`(${newest})`), lt(smsCode.attempts, MAX_ATTEMPTS), isNull(smsCode.consumedAt)))
        .returning({ id: smsCode.id, codeHash: smsCode.codeHash });
      if (!guess) throw invalid();
      const expected = Buffer.from(guess.codeHash);
      const given = Buffer.from(digest(phone, purpose, code));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
      const spent = await db
        .update(smsCode)
        .set({ consumedAt: new Date() })
        .where(and(eq(smsCode.id, guess.id), isNull(smsCode.consumedAt)))
        .returning({ id: smsCode.id });
      if (spent.length !== 1) throw invalid();
    },
  };
}
export type SmsCodeService = ReturnType<typeof createSmsCodeService>;
