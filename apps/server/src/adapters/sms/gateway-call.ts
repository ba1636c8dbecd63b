import { SmsPurpose, smsPurposeLabel } from '@lease/shared';
import type { SmsTemplates } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { LEASE_REMINDER_PARAMS, type SmsMessage } from './sms-sender.ts';

/** GatewayLog receives the provider's own error code, which the clerk's Chinese message leaves out. */
export interface GatewayLog {
  warn(obj: object, msg: string): void;
}

/** ProviderErrors maps a provider's error codes (exact, or by prefix ending in '.') to what the caller is told. */
export type ProviderErrors = Record<string, () => AppError>;

const tooOften = () => new AppError('TOO_MANY_REQUESTS', '该手机号接收短信过于频繁，请稍后再试');
const badPhone = () =>
  new AppError('VALIDATION_FAILED', '该手机号无法接收短信，请检查号码', [{ field: 'phone_number', message: '该手机号无法接收短信，请检查号码' }]);
const misconfigured = (what: string) => () => new AppError('SMS_SEND_FAILED', `短信服务${what}，请联系管理员`);
const unavailable = () => new AppError('SMS_SEND_FAILED', '短信服务暂时不可用，请稍后再试');

/** Shared answers the two providers' tables use, so the same trouble reads the same to a clerk. */
export const smsFailure = { tooOften, badPhone, misconfigured, unavailable };

/** mapProviderError picks the entry for `code`: exact match first, then the longest prefix entry. */
export function mapProviderError(table: ProviderErrors, code: string, provider: string): AppError {
  if (table[code]) return table[code]();
  const prefix = Object.keys(table)
    .filter((k) => k.endsWith('.') && code.startsWith(k))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? table[prefix]() : new AppError('SMS_SEND_FAILED', `短信发送失败（${provider}：${code}），请稍后再试`);
}

/** gatewayTemplate is the approved template for the purpose; without one the text is refused before any call. */
export function gatewayTemplate(templates: SmsTemplates, purpose: SmsPurpose): string {
  const template = templates[purpose];
  if (!template) throw new AppError('SMS_NOT_CONFIGURED', `未配置${smsPurposeLabel[purpose]}短信模板`);
  return template;
}

/**
 * templateVariables lists the message's template variables in their documented order: `code` alone for a
 * verification code, LEASE_REMINDER_PARAMS for a lease reminder (a missing one is a bug, not a clerk's error).
 */
export function templateVariables({ purpose, code, params }: SmsMessage): [name: string, value: string][] {
  if (purpose !== SmsPurpose.LEASE_REMINDER) return [['code', code]];
  return LEASE_REMINDER_PARAMS.map((name) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`lease reminder text lacks template variable ${name}`);
    return [name, value];
  });
}

/**
 * postJson sends one request to a gateway and reads its JSON answer; a timeout or an unreachable host
 * becomes a Chinese SMS_SEND_FAILED, never a hang or a 500.
 */
export async function postJson(
  url: string,
  init: { headers: Record<string, string>; body: string },
  timeoutMs: number,
): Promise<{ status: number; json: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: init.headers, body: init.body, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new AppError('SMS_SEND_FAILED', timedOut ? '短信服务响应超时，请稍后再试' : '无法连接短信服务，请稍后再试');
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new AppError('SMS_SEND_FAILED', '短信服务响应超时，请稍后再试');
  }
  try {
    return { status: res.status, json: JSON.parse(text) as unknown };
  } catch {
    throw new AppError('SMS_SEND_FAILED', `短信服务返回了无法识别的响应（HTTP ${res.status}），请稍后再试`);
  }
}
