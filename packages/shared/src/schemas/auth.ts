import { z } from 'zod';
import { text } from './safe-input.ts';
import { newPassword, password, phoneNumber, smsCode } from './common.ts';

export const loginRequest = z.object({
  account: phoneNumber,
  password,
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Seconds until the access token expires. */
  expires_in: z.number(),
});
export type TokenPair = z.infer<typeof tokenPair>;

export const refreshRequest = z.object({ refresh_token: text().min(1).max(200) });
export const logoutRequest = z.object({ refresh_token: text().max(200).optional() });

export const resetPasswordRequest = z.object({
  phone_number: phoneNumber,
  sms_code: smsCode,
  password: newPassword,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;
