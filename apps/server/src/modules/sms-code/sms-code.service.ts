import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type SQL, and, count, desc, eq, gt, gte, isNull, ne, sql } from 'drizzle-orm';
import { type SmsCodePurpose, type SmsProof, type SmsSentResponse, maskPhone, smsPurposeLabel } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { SmsSender } from '../../adapters/sms/sms-sender.ts';
import { smsCheck, smsCode } from './sms-code.table.ts';
import { type SmsProofService, createSmsProof } from './sms-proof.ts';

const CODE_TTL_MS = 5 * 60_000;
const RESEND_AFTER_S = 60;
/** Rows of codes that never reached a phone (the gateway refused): they count toward the caps, not the resend wait. */
const SEND_FAILED = 'send-failed';
/** Rows answered like a sent code but never sent (unknown phone for a reset, registered phone for registering). */
const UNDELIVERABLE = 'undeliverable';

export interface SmsLimits {
  /** Codes one address may have sent to one phone in a day. */
  perPhonePerAddressPerDay: number;
  /** Codes a phone may be sent in a day from all addresses together: bounds the texts anyone can make it receive. */
  perPhonePerDay: number;
  perIpPerHour: number;
  /** Guesses at one code from one address. */
  guessesPerCode: number;
  /**
   * Guesses in a day at one phone's codes from addresses other than the one that asked for each: bounds guessing
   * from many addresses, and never touches the owner guessing from where they asked.
   */
  foreignGuessesPerPhonePerDay: number;
  /** Guesses (at live codes) from one address at one phone, and from one address at any phone, in an hour. */
  checksPerPhonePerIpPerHour: number;
  checksPerIpPerHour: number;
}

export const DEFAULT_SMS_LIMITS: SmsLimits = {
  perPhonePerAddressPerDay: 10,
  perPhonePerDay: 30,
  perIpPerHour: 30,
  guessesPerCode: 5,
  foreignGuessesPerPhonePerDay: 20,
  checksPerPhonePerIpPerHour: 30,
  checksPerIpPerHour: 100,
};

/**
 * createSmsCodeService sends and checks six-digit codes. Codes are stored as an HMAC under a server secret, expire
 * after five minutes and work once. Every count that can refuse someone is keyed by the address asking, so a stranger
 * elsewhere can neither use up a phone's guesses nor its daily sends: guesses are counted per code and address, and
 * a check when no code is live is not counted at all. Public sends after an address's or a phone's first need a
 * solved proof-of-work challenge (sms-proof.ts).
 */
export function createSmsCodeService(
  db: Db,
  sender: SmsSender,
  secret: Uint8Array,
  limits: SmsLimits = DEFAULT_SMS_LIMITS,
  proofs: SmsProofService = createSmsProof(db, secret),
) {
  const digest = (phone: string, purpose: string, code: string) => createHmac('sha256', secret).update(`${phone}|${purpose}|${code}`).digest('hex');
  const assertReady = () => {
    if (!sender.ready) throw new AppError('SMS_NOT_CONFIGURED');
  };
  const invalid = () => new AppError('SMS_CODE_INVALID', '验证码错误或已过期');
  const checksWhere = (...where: (SQL | undefined)[]) =>
    db
      .select({ n: count() })
      .from(smsCheck)
      .where(and(...where));

  /**
   * liveCode is the code a check is against: the newest unspent, unexpired one, preferring one sent at the
   * checker's own request, so a code a stranger asked for later does not shadow the owner's.
   */
  async function liveCode(phone: string, purpose: SmsCodePurpose, ip: string | undefined) {
    const [row] = await db
      .select({ id: smsCode.id, codeHash: smsCode.codeHash, ip: smsCode.ip })
      .from(smsCode)
      .where(and(eq(smsCode.phoneNumber, phone), eq(smsCode.purpose, purpose), isNull(smsCode.consumedAt), gt(smsCode.expiresAt, new Date())))
      .orderBy(...(ip === undefined ? [] : [desc(sql`${smsCode.ip} = ${ip}`)]), desc(smsCode.id))
      .limit(1);
    return row;
  }

  /**
   * countGuess records this guess at a live code first, then counts, so parallel guesses see each other: the k-th
   * recorded guess counts at least k, and only the first few pass. Checks without an address come from a signed-in
   * caller at their own phone and share one key, '', that never counts as a stranger's.
   */
  async function countGuess(phone: string, code: { id: number; ip: string }, ip: string | undefined) {
    const here = ip ?? '';
    const now = Date.now();
    await db.insert(smsCheck).values({ phoneNumber: phone, ip: here, codeId: code.id });
    const hour = gte(smsCheck.createdAt, new Date(now - 3_600_000));
    const foreign = ip !== undefined && ip !== code.ip;
    const [[byCode], [byForeign], [byPhone], [byIp]] = await Promise.all([
      checksWhere(eq(smsCheck.codeId, code.id), eq(smsCheck.ip, here)),
      foreign
        ? db
            .select({ n: count() })
            .from(smsCheck)
            .innerJoin(smsCode, eq(smsCode.id, smsCheck.codeId))
            .where(and(eq(smsCheck.phoneNumber, phone), gte(smsCheck.createdAt, new Date(now - 86_400_000)), ne(smsCheck.ip, smsCode.ip), ne(smsCheck.ip, '')))
        : [{ n: 0 }],
      checksWhere(eq(smsCheck.phoneNumber, phone), eq(smsCheck.ip, here), hour),
      ip ? checksWhere(eq(smsCheck.ip, ip), hour) : [{ n: 0 }],
    ]);
    if (byPhone.n > limits.checksPerPhonePerIpPerHour || byIp.n > limits.checksPerIpPerHour || byForeign.n > limits.foreignGuessesPerPhonePerDay) {
      throw new AppError('TOO_MANY_REQUESTS', '验证码校验过于频繁，请稍后再试');
    }
    if (byCode.n > limits.guessesPerCode) throw invalid();
  }

  /** issue sends a code once the caps allow it and `gate` (the proof check of public sends) has passed. */
  async function issue(
    phone: string,
    purpose: SmsCodePurpose,
    ip: string,
    deliver: boolean,
    gate?: (seen: { fromIpThisHour: number; toPhoneToday: number }) => Promise<void>,
  ): Promise<SmsSentResponse> {
    assertReady();
    const now = Date.now();
    const codesWhere = (...where: SQL[]) =>
      db
        .select({ n: count() })
        .from(smsCode)
        .where(and(...where));
    const day = gte(smsCode.createdAt, new Date(now - 86_400_000));
    const [[recent], [daily], [dailyHere], [fromIp]] = await Promise.all([
      codesWhere(
        eq(smsCode.phoneNumber, phone),
        eq(smsCode.purpose, purpose),
        ne(smsCode.codeHash, SEND_FAILED),
        gte(smsCode.createdAt, new Date(now - RESEND_AFTER_S * 1000)),
      ),
      codesWhere(eq(smsCode.phoneNumber, phone), day),
      codesWhere(eq(smsCode.phoneNumber, phone), eq(smsCode.ip, ip), day),
      codesWhere(eq(smsCode.ip, ip), gte(smsCode.createdAt, new Date(now - 3_600_000))),
    ]);
    if (recent.n > 0) throw new AppError('TOO_MANY_REQUESTS', '验证码发送过于频繁，请 60 秒后再试');
    if (dailyHere.n >= limits.perPhonePerAddressPerDay || daily.n >= limits.perPhonePerDay) {
      throw new AppError('TOO_MANY_REQUESTS', '该手机号今日获取验证码次数已达上限');
    }
    if (fromIp.n >= limits.perIpPerHour) throw new AppError('TOO_MANY_REQUESTS', '获取验证码过于频繁，请稍后再试');
    await gate?.({ fromIpThisHour: fromIp.n, toPhoneToday: daily.n });
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
  }

  return {
    /** sender is who delivers codes (the dev page names it). */
    sender,

    /** send issues a code unless the phone or IP is asking too often. `deliver: false` answers alike but sends nothing. */
    send: (phone: string, purpose: SmsCodePurpose, ip: string, deliver = true) => issue(phone, purpose, ip, deliver),

    /**
     * sendPublic is send for callers without a session: once the address had a code this hour or the phone had one
     * today, it needs `proof`, a solved challenge (SMS_PROOF_REQUIRED without one). The caps are checked first, so
     * nobody solves a challenge only to be told to wait.
     */
    sendPublic: (phone: string, purpose: SmsCodePurpose, ip: string, deliver: boolean, proof: SmsProof | undefined) =>
      issue(phone, purpose, ip, deliver, async (seen) => {
        if (seen.fromIpThisHour === 0 && seen.toPhoneToday === 0) return;
        if (!proof) throw new AppError('SMS_PROOF_REQUIRED');
        await proofs.spend(proof);
      }),

    /** challenge issues a proof-of-work challenge for a public send. */
    challenge: () => proofs.issue(),

    /**
     * consume checks a code and spends it. A check when no code is live is refused without being counted; a guess
     * at a live code is recorded, then counted per code and address (five), per phone from addresses that did not ask
     * for the code (twenty a day), per phone and address and per address, so parallel guesses cannot outrun the
     * limits; only then is it compared.
     */
    async consume(phone: string, purpose: SmsCodePurpose, code: string, ip?: string): Promise<void> {
      assertReady();
      const live = await liveCode(phone, purpose, ip);
      if (!live) throw invalid();
      await countGuess(phone, live, ip);
      const expected = Buffer.from(live.codeHash);
      const given = Buffer.from(digest(phone, purpose, code));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
      const spent = await db
        .update(smsCode)
        .set({ consumedAt: new Date() })
        .where(and(eq(smsCode.id, live.id), isNull(smsCode.consumedAt)))
        .returning({ id: smsCode.id });
      if (spent.length !== 1) throw invalid();
    },
  };
}
export type SmsCodeService = ReturnType<typeof createSmsCodeService>;
