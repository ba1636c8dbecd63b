import { z } from 'zod';

import { CONTACT_PHONE_RE, PASSWORD_RE, PHONE_RE, SMS_CODE_RE, UUID_RE, msg } from '../patterns.ts';
import { text, uuid } from './safe-input.ts';

export { CONTACT_PHONE_RE, PASSWORD_RE, PHONE_RE, SMS_CODE_RE, UUID_RE, msg };
/** uuid lives with the other safe-input helpers; re-exported here where the schemas always found it. */
export { uuid };

export const phoneNumber = text({ error: msg.phone }).trim().regex(PHONE_RE, msg.phone);
export const password = text({ error: msg.password }).regex(PASSWORD_RE, msg.password);
export const smsCode = text({ error: msg.smsCode }).trim().regex(SMS_CODE_RE, msg.smsCode);
/** The lock screen's contact phone, optional: '' or a mobile, 400/800 or landline number (CONTACT_PHONE_RE). */
export const contactPhone = z.union([z.literal(''), text().trim().regex(CONTACT_PHONE_RE, msg.contactPhone)]);

/** Too common to protect a store: refused whenever a password is set (ASVS 6.2.4), not at login. */
const COMMON_PASSWORDS = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '111111',
  '000000',
  '666666',
  '888888',
  '123123',
  '654321',
  '112233',
  '121212',
  '123321',
  '520520',
  '5201314',
  '147258',
  '147258369',
  'abc123',
  'abcdef',
  'abcd1234',
  'a123456',
  'aa123456',
  'qwerty',
  'qwe123',
  'qwerty123',
  'password',
  'password1',
  'passw0rd',
  'iloveyou',
  'admin',
  'admin123',
  'root123',
  'test123',
  '1q2w3e4r',
  'qq123456',
  'woaini',
  'woaini1314',
  'zxcvbnm',
  'asdfgh',
  'asd123',
  '11111111',
  '00000000',
  '88888888',
  '12341234',
]);
export const isCommonPassword = (value: string) => COMMON_PASSWORDS.has(value.toLowerCase());

/** newPassword is a password being set: the spec's pattern plus the common-password refusal. */
export const newPassword = password.refine((v) => !isCommonPassword(v), msg.weakPassword);

/** Paging: page_num counts from 0 (spec §5 "non-negative"), page_size 1-50. */
export const paging = z.object({
  page_num: z.coerce.number({ error: msg.pageNum }).int(msg.pageNum).min(0, msg.pageNum).default(0),
  page_size: z.coerce.number({ error: msg.pageSize }).int(msg.pageSize).min(1, msg.pageSize).max(50, msg.pageSize).default(20),
});
export type Paging = z.infer<typeof paging>;

export interface ListResponse<T> {
  list: T[];
  total: number;
}

export const okResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;

/** commandAnswer is the answer to every queued device command (both platforms): its operation-log row and status; `replayed` marks a repeated Idempotency-Key. */
export const commandAnswer = z.object({
  operation_log_id: uuid,
  status: z.number().int(),
  replayed: z.boolean(),
});
export type CommandAnswer = z.infer<typeof commandAnswer>;
