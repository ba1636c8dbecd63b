import { z } from 'zod';
import { text } from './safe-input.ts';
import { contactPhone, newPassword, smsCode } from './common.ts';

export interface UserInfo {
  id: string;
  name: string;
  phone_number: string;
  is_admin: boolean;
  store: { id: string; store_name: string };
  available_modules: string[];
  permission: string[];
  has_secondary_password: boolean;
}

export const lostModalContent = z.object({
  message: text().trim().max(200, '锁屏提示最多 200 个字符').default(''),
  phone_number: contactPhone.default(''),
  footnote: text().trim().max(100, '脚注最多 100 个字符').default(''),
});
export type LostModalContent = z.infer<typeof lostModalContent>;

export const PasswordType = { LOGIN: 0, SECONDARY: 1 } as const;

export const updatePasswordRequest = z.object({
  type: z.union([z.literal(0), z.literal(1)], { error: '密码类型有误' }),
  sms_code: smsCode,
  password: newPassword,
});
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequest>;
