import { createHash, createHmac } from 'node:crypto';
import type { SmsGatewayConfig } from '../../config.ts';
import { SmsPurpose } from '@lease/shared';
import { type GatewayLog, type ProviderErrors, gatewayTemplate, mapProviderError, postJson, smsFailure, templateVariables } from './gateway-call.ts';
import type { SmsSender } from './sms-sender.ts';

export const TENCENT_SMS_ORIGIN = 'https://sms.tencentcloudapi.com';
const SERVICE = 'sms';
const VERSION = '2021-01-11';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();

/**
 * tc3Authorization signs a JSON POST as TencentCloud API 3.0 asks (TC3-HMAC-SHA256): canonical request over
 * content-type, host and x-tc-action, a date-scoped key derived from "TC3" + SecretKey, a hex signature.
 */
export function tc3Authorization(p: { secretId: string; secretKey: string; host: string; action: string; body: string; timestamp: number }): string {
  const date = new Date(p.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host;x-tc-action';
  const canonicalHeaders = `content-type:application/json; charset=utf-8\nhost:${p.host}\nx-tc-action:${p.action.toLowerCase()}\n`;
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256(p.body)].join('\n');
  const scope = `${date}/${SERVICE}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(p.timestamp), scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${p.secretKey}`, date), SERVICE), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${p.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** Tencent Cloud SMS error codes (API errors and per-number SendStatus codes share the names). */
const ERRORS: ProviderErrors = {
  'LimitExceeded.': smsFailure.tooOften,
  'InvalidParameterValue.IncorrectPhoneNumber': smsFailure.badPhone,
  'FailedOperation.PhoneNumberInBlacklist': smsFailure.badPhone,
  'UnsupportedOperation.ContainDomesticAndInternationalPhoneNumber': smsFailure.badPhone,
  'FailedOperation.SignatureIncorrectOrUnapproved': smsFailure.misconfigured('签名不可用（未审核或与应用不匹配）'),
  'FailedOperation.TemplateIncorrectOrUnapproved': smsFailure.misconfigured('模板不可用（未审核或与应用不匹配）'),
  'FailedOperation.TemplateParamSetNotMatchApprovedTemplate': smsFailure.misconfigured('模板变量与验证码参数不符（模板应只含 {1}）'),
  'FailedOperation.InsufficientBalanceInSmsPackage': smsFailure.misconfigured('套餐包余量不足'),
  'FailedOperation.ContainSensitiveWord': smsFailure.misconfigured('模板含敏感词'),
  'AuthFailure.': smsFailure.misconfigured('的 SecretId/SecretKey 不正确'),
  'UnauthorizedOperation.': smsFailure.misconfigured('的 SdkAppId 不正确或无权使用'),
  'InvalidParameterValue.SdkAppIdNotExist': smsFailure.misconfigured('的 SdkAppId 不存在'),
  'InternalError.': smsFailure.unavailable,
};

/** A lease reminder's template takes six variables, so a mismatch says so instead of {1}. */
const LEASE_ERRORS: ProviderErrors = {
  ...ERRORS,
  'FailedOperation.TemplateParamSetNotMatchApprovedTemplate': smsFailure.misconfigured(
    '模板变量与还款提醒参数不符（模板应含 {1}…{6}：姓名、金额、到期日、剩余天数、门店、门店电话）',
  ),
};

/** createTencentSmsSender sends through Tencent Cloud SMS SendSms (API 2021-01-11) signed with TC3-HMAC-SHA256. */
export function createTencentSmsSender(config: SmsGatewayConfig, log?: GatewayLog): SmsSender {
  const origin = config.origin ?? TENCENT_SMS_ORIGIN;
  const host = new URL(origin).host;
  return {
    name: 'tencent',
    label: `腾讯云短信（${origin}，应用 ${config.sdkAppId}，签名「${config.signName}」）`,
    live: true,
    ready: true,
    async send(message) {
      const { phoneNumber, purpose } = message;
      const templateId = gatewayTemplate(config.templates, purpose);
      const body = JSON.stringify({
        PhoneNumberSet: [`+86${phoneNumber}`],
        SmsSdkAppId: config.sdkAppId,
        SignName: config.signName,
        TemplateId: templateId,
        // Positional: {1} is the code, or a lease reminder's {1}…{6} in LEASE_REMINDER_PARAMS order.
        TemplateParamSet: templateVariables(message).map(([, value]) => value),
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const headers = {
        authorization: tc3Authorization({ secretId: config.accessKeyId, secretKey: config.accessKeySecret, host, action: 'SendSms', body, timestamp }),
        'content-type': 'application/json; charset=utf-8',
        'x-tc-action': 'SendSms',
        'x-tc-timestamp': String(timestamp),
        'x-tc-version': VERSION,
        'x-tc-region': config.region ?? 'ap-guangzhou',
      };
      const { json } = await postJson(`${origin}/`, { headers, body }, config.timeoutMs);
      const response =
        (
          (json ?? {}) as {
            Response?: { Error?: { Code: string; Message?: string }; SendStatusSet?: { Code: string; Message?: string }[]; RequestId?: string };
          }
        ).Response ?? {};
      // The API either fails as a whole (Response.Error) or answers per number (SendStatusSet[].Code, "Ok" when sent).
      const failure =
        response.Error ?? (response.SendStatusSet?.[0]?.Code === 'Ok' ? undefined : (response.SendStatusSet?.[0] ?? { Code: 'MissingSendStatus' }));
      if (!failure) return;
      log?.warn({ provider: 'tencent', code: failure.Code, message: failure.Message, requestId: response.RequestId, purpose }, 'SMS gateway refused a text');
      throw mapProviderError(purpose === SmsPurpose.LEASE_REMINDER ? LEASE_ERRORS : ERRORS, failure.Code, '腾讯云');
    },
  };
}
