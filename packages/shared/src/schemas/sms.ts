import { z } from 'zod';
import { phoneNumber } from './common.ts';
import { text } from './safe-input.ts';

/**
 * SmsPurpose names why a text is sent, and so which approved template carries it. Every purpose but
 * LEASE_REMINDER scopes a verification code to the one action it was sent for; LEASE_REMINDER is a
 * notice to a hirer before an instalment falls due and carries no code.
 */
export const SmsPurpose = {
  RESET_PASSWORD: 'reset-password',
  REGISTER: 'register',
  UPDATE_PASSWORD: 'update-password',
  CLERK_NEW: 'clerk-new',
  SENSITIVE: 'sensitive',
  LEASE_REMINDER: 'lease-reminder',
} as const;
export type SmsPurpose = (typeof SmsPurpose)[keyof typeof SmsPurpose];
/** SmsCodePurpose is a purpose that sends a verification code. */
export type SmsCodePurpose = Exclude<SmsPurpose, typeof SmsPurpose.LEASE_REMINDER>;

export const smsPurposeLabel: Record<SmsPurpose, string> = {
  'reset-password': '找回密码',
  register: '注册门店',
  'update-password': '修改密码',
  'clerk-new': '新增店员',
  sensitive: '敏感操作验证',
  'lease-reminder': '还款提醒',
};

/**
 * smsProof answers a challenge from `GET /api/system/sms-challenge`: sha256(challenge + solution) starts with the
 * challenge's number of zero bits (smsProofHolds in sms-proof.ts). Each challenge works for one send.
 */
/** A challenge as the server signs it: base-36 expiry, bits, nonce and MAC in base64url, joined by dots. */
const challenge = text({ error: '人机验证有误' }).regex(/^[A-Za-z0-9_.-]{1,100}$/, '人机验证有误');

export const smsProof = z.object({
  challenge,
  solution: z.string({ error: '人机验证有误' }).regex(/^\d{1,16}$/, '人机验证有误'),
});
export type SmsProof = z.infer<typeof smsProof>;

export const smsChallengeResponse = z.object({
  /** Opaque and signed by the server; append a decimal solution to it and hash. */
  challenge,
  /** Leading zero bits sha256(challenge + solution) must have. */
  difficulty: z.number().int(),
  /** When the challenge stops being accepted (ISO 8601). */
  expires_at: z.string(),
});
export type SmsChallengeResponse = z.infer<typeof smsChallengeResponse>;

/**
 * Without a session only the purposes that start one may be asked for. After an address's or a phone's first code
 * the server answers SMS_PROOF_REQUIRED until the request carries a solved challenge in `proof`.
 */
export const smsVerifyNoAuthRequest = z.object({
  phone_number: phoneNumber,
  purpose: z.enum([SmsPurpose.RESET_PASSWORD, SmsPurpose.REGISTER], { error: '验证码用途有误' }),
  proof: smsProof.optional(),
});

/** With a session the code goes to the caller's own phone, except a new clerk's, which goes to that phone. */
export const smsVerifyRequest = z.object({
  purpose: z.enum([SmsPurpose.UPDATE_PASSWORD, SmsPurpose.CLERK_NEW, SmsPurpose.SENSITIVE], { error: '验证码用途有误' }),
  phone_number: phoneNumber.optional(),
});

export const smsSentResponse = z.object({
  /** Seconds before another code may be asked for. */
  resend_after: z.number(),
  /** The phone the code went to, masked. */
  masked_phone: z.string(),
});
export type SmsSentResponse = z.infer<typeof smsSentResponse>;
