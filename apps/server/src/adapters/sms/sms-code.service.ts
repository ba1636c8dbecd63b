import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import { type SmsPurpose, type SmsSentResponse, smsPurposeLabel } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { SmsSender } from './sms-sender.ts';
import { smsCode } from './sms.table.ts';

const CODE_TTL_MS = 5 * 60_000;
const RESEND_AFTER_S = 60;
const MAX_PER_PHONE_PER_DAY = 10;
const MAX_PER_IP_PER_HOUR = 30;
const MAX_ATTEMPTS = 5;

export const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

/**
 * createSmsCodeService sends and checks six-digit codes. Codes are stored as an HMAC under a server
 * secret, expire after five minutes, allow five guesses, and work once.
 */
export function createSmsCodeService(db: Db, sender: SmsSender, secret: Uint8Array) {
  const digest = (phone: string, purpose: string, code: string) =>
    createHmac('sha256', secret).update(`${phone}|${purpose}|${code}`).digest('hex');

  return {
    /** send issues a code unless the phone or IP is asking too often. `deliver: false` answers alike but sends nothing. */
    async send(phone: string, purpose: SmsPurpose, ip: string, deliver = true): Promise<SmsSentResponse> {
      const now = Date.now();
      const [[recent], [daily], [fromIp]] = await Promise.all([
        db.select({ n: count() }).from(smsCode).where(and(eq(smsCode.phoneNumber, phone), eq(smsCode.purpose, purpose), gte(smsCode.createdAt, new Date(now - RESEND_AFTER_S * 1000)))),
        db.select({ n: count() }).from(smsCode).where(and(eq(smsCode.phoneNumber, phone), gte(smsCode.createdAt, new Date(now - 86_400_000)))),
        db.select({ n: count() }).from(smsCode).where(and(eq(smsCode.ip, ip), gte(smsCode.createdAt, new Date(now - 3_600_000)))),
      ]);
      if (recent.n > 0) throw new AppError('TOO_MANY_REQUESTS', '验证码发送过于频繁，请 60 秒后再试');
      if (daily.n >= MAX_PER_PHONE_PER_DAY) throw new AppError('TOO_MANY_REQUESTS', '该手机号今日获取验证码次数已达上限');
      if (fromIp.n >= MAX_PER_IP_PER_HOUR) throw new AppError('TOO_MANY_REQUESTS', '获取验证码过于频繁，请稍后再试');

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.insert(smsCode).values({
        phoneNumber: phone,
        purpose,
        codeHash: deliver ? digest(phone, purpose, code) : 'undeliverable',
        ip,
        expiresAt: new Date(now + CODE_TTL_MS),
      });
      if (deliver) {
        const content = `【租机宝】您的验证码为 ${code}，用于${smsPurposeLabel[purpose]}，5 分钟内有效。请勿告诉他人。`;
        await sender.send({ phoneNumber: phone, content, purpose });
      }
      return { resend_after: RESEND_AFTER_S, masked_phone: maskPhone(phone) };
    },

    /** consume checks a code and spends it; every wrong guess counts against the code. */
    async consume(phone: string, purpose: SmsPurpose, code: string): Promise<void> {
      const invalid = () => new AppError('SMS_CODE_INVALID', '验证码错误或已过期');
      const [row] = await db
        .select()
        .from(smsCode)
        .where(and(eq(smsCode.phoneNumber, phone), eq(smsCode.purpose, purpose), isNull(smsCode.consumedAt), gt(smsCode.expiresAt, new Date())))
        .orderBy(desc(smsCode.id))
        .limit(1);
      if (!row || row.attempts >= MAX_ATTEMPTS) throw invalid();
      const expected = Buffer.from(row.codeHash);
      const given = Buffer.from(digest(phone, purpose, code));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        await db.update(smsCode).set({ attempts: sql`${smsCode.attempts} + 1` }).where(eq(smsCode.id, row.id));
        throw invalid();
      }
      const spent = await db
        .update(smsCode)
        .set({ consumedAt: new Date() })
        .where(and(eq(smsCode.id, row.id), isNull(smsCode.consumedAt)))
        .returning({ id: smsCode.id });
      if (spent.length !== 1) throw invalid();
    },
  };
}
export type SmsCodeService = ReturnType<typeof createSmsCodeService>;
