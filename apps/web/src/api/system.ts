import {
  ErrorCode,
  type ExpiryWarning,
  type RegisterStoreRequest,
  type ServerVersion,
  type SmsChallengeResponse,
  type SmsGuardedAction,
  type SmsProof,
  type SmsPurpose,
  type SmsSentResponse,
  type TokenPair,
} from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { solveSmsProof } from '../lib/smsProof.ts';
import { isApiError } from './errors.ts';
import { api } from './index.ts';

/** ClientConfig is the public deployment settings the console needs before or outside a page. */
export interface ClientConfig {
  flow_bill_url: string | null;
  amap_key: string | null;
  /** AMap's JS security code, needed by keys issued since 2021; set before the script loads. */
  amap_security_code?: string | null;
  /** false: PUBLIC_URL is not https, so enrolment profiles carry http URLs that real iPhones refuse. */
  ios_enrolment_https?: boolean;
}

export const clientConfigQuery = queryOptions({
  queryKey: ['system', 'client-config'],
  queryFn: () => api.get<ClientConfig>('/api/system/client-config', { auth: false }),
  staleTime: 10 * 60_000,
});

/** serverVersionQuery: the running server's version and build, shown on the help page for support calls. */
export const serverVersionQuery = queryOptions({
  queryKey: ['system', 'server-version'],
  queryFn: () => api.get<ServerVersion>('/api/helper/server-version', { auth: false }),
  staleTime: 10 * 60_000,
});

/**
 * sendSmsCodeNoAuth asks for a code before login (password reset, store registration). After an address's or a
 * phone's first code the server answers SMS_PROOF_REQUIRED: it then calls `onVerify` (the button says 正在验证…),
 * solves a proof-of-work challenge and asks again, so the user sees no extra step.
 */
export async function sendSmsCodeNoAuth(phoneNumber: string, purpose: Extract<SmsPurpose, 'reset-password' | 'register'>, onVerify?: () => void) {
  const send = (proof?: SmsProof) =>
    api.post<SmsSentResponse>('/api/system/smsverify-noauth', { phone_number: phoneNumber, purpose, proof }, { auth: false, silent: !proof });
  try {
    return await send();
  } catch (err) {
    if (!isApiError(err) || err.code !== ErrorCode.SMS_PROOF_REQUIRED) {
      if (isApiError(err)) api.report(err);
      throw err;
    }
  }
  onVerify?.();
  const { challenge, difficulty } = await api.get<SmsChallengeResponse>('/api/system/sms-challenge', { auth: false });
  return send({ challenge, solution: await solveSmsProof(challenge, difficulty) });
}

/** sendSmsCode asks for a code for the signed-in clerk; it goes to the clerk's own phone. */
export const sendSmsCode = (purpose: Extract<SmsPurpose, 'update-password' | 'clerk-new' | 'sensitive'>, phoneNumber?: string) =>
  api.post<SmsSentResponse>('/api/system/smsverify', { purpose, phone_number: phoneNumber });

/** registrationQuery: whether the platform lets stores register themselves (the operator's switch). */
export const registrationQuery = queryOptions({
  queryKey: ['system', 'registration'],
  queryFn: () => api.get<{ open: boolean }>('/api/system/registration', { auth: false }),
});

export const registerStore = (body: RegisterStoreRequest) => api.post<TokenPair>('/api/system/register-store', body, { auth: false, silent: true });

type Guarded = (typeof SmsGuardedAction)[keyof typeof SmsGuardedAction];

/** needSmsQuery asks the server whether this action needs an SMS code too (the store's sms-verify-switch). */
export const needSmsQuery = (action: Guarded) =>
  queryOptions({
    queryKey: ['system', 'check-need-sms-verify', action],
    queryFn: () => api.get<{ need: boolean }>('/api/system/check-need-sms-verify', { query: { action } }),
  });

/** expiryWarningsQuery: what ends within 30 days (device CA, APNs certificate, ABM token, unanswered renewals); admins only. */
export const expiryWarningsQuery = queryOptions({
  queryKey: ['system', 'expiry-warnings'],
  queryFn: () => api.get<{ list: ExpiryWarning[]; total: number }>('/api/system/expiry-warnings'),
  staleTime: 10 * 60_000,
});
