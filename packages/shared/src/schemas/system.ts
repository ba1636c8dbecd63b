import { z } from 'zod';
import { text } from './safe-input.ts';
import { newPassword, phoneNumber, smsCode } from './common.ts';

export const registerStoreRequest = z.object({
  store_name: text().trim().min(1, '请输入门店名称').max(40, '门店名称最多 40 个字符'),
  name: text().trim().min(1, '请输入姓名').max(20, '姓名最多 20 个字符'),
  phone_number: phoneNumber,
  sms_code: smsCode,
  password: newPassword,
});
export type RegisterStoreRequest = z.infer<typeof registerStoreRequest>;

/** Actions that the store's sms-verify-switch can put behind an SMS code (spec §6). */
export const SmsGuardedAction = {
  TURN_OFF_ACTIVATION_LOCK: 'turn-off-activation-lock',
  GET_ACTIVATION_LOCK_PASSWORD: 'get-activation-lock-password',
  TURN_ON_ACTIVATION_LOCK: 'turn-on-activation-lock',
  ERASE: 'erase',
  ABM_UNBIND: 'abm-unbind',
  REMOVE_MAIN_PROFILE: 'remove-main-profile',
  ONE_CLICK_UNLOCK: 'one-click-unlock',
  CLEAR_PASSCODE: 'clear-passcode',
  // Everything else that goes through the server's sensitive-action guard, so dialogs can ask first.
  GET_UNLOCK_PASSCODE: 'get-unlock-passcode',
  GET_DEREGULATE_PASSCODE: 'get-deregulate-passcode',
  DEREGULATE: 'deregulate',
  API_KEY: 'api-key',
  SMS_VERIFY_SWITCH: 'sms-verify-switch',
} as const;

export const checkNeedSmsVerifyQuery = z.object({
  action: z.enum(Object.values(SmsGuardedAction) as [string, ...string[]], { error: '操作类型有误' }),
});

export interface ServerVersion {
  version: string;
  build: string;
  started_at: string;
}

export interface DevStatus {
  adapters: { name: string; label: string; impl: string; live: boolean }[];
  database: 'pglite' | 'postgres';
}

export interface SmsOutboxItem {
  id: number;
  phone_number: string;
  content: string;
  purpose: string;
  date_created: string;
}

/**
 * ExpiryWarning: something the service depends on ends soon (30 days ahead) or has ended: the device CA, the
 * APNs push certificate, the store's ABM token, or phones that never took up their identity renewal.
 */
export interface ExpiryWarning {
  kind: 'mdm-ca' | 'apns-certificate' | 'abm-token' | 'identity-renewal';
  /** The end date, ISO 8601; for identity-renewal the earliest end among the phones listed. */
  expires_at: string;
  days_left: number;
  message: string;
  /** identity-renewal only: the phones, by id and serial number. */
  devices?: { id: string; serial_number: string }[];
}
