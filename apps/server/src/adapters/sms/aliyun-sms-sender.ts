import { createHmac, randomUUID } from 'node:crypto';
import type { SmsGatewayConfig } from '../../config.ts';
import { SmsPurpose } from '@lease/shared';
import { type GatewayLog, type ProviderErrors, gatewayTemplate, mapProviderError, postJson, smsFailure, templateVariables } from './gateway-call.ts';
import type { SmsSender } from './sms-sender.ts';

export const ALIYUN_SMS_ORIGIN = 'https://dysmsapi.aliyuncs.com';

/** RFC 3986 encoding as Alibaba Cloud's RPC signature asks: only A-Z a-z 0-9 - _ . ~ stay as they are. */
export const aliyunPercentEncode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** aliyunRpcSignature: Base64(HMAC-SHA1(secret + '&', METHOD & %2F & encode(sorted canonical query))). */
export function aliyunRpcSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(params[k])}`)
    .join('&');
  const stringToSign = `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/** Alibaba Cloud SMS (dysms) SendSms error codes, as its error-code reference names them. */
const ERRORS: ProviderErrors = {
  'isv.BUSINESS_LIMIT_CONTROL': smsFailure.tooOften,
  'isv.DAY_LIMIT_CONTROL': smsFailure.tooOften,
  'isv.MOBILE_NUMBER_ILLEGAL': smsFailure.badPhone,
  'isv.MOBILE_COUNT_OVER_LIMIT': smsFailure.badPhone,
  'isv.BLACK_KEY_CONTROL_LIMIT': smsFailure.badPhone,
  'isv.SMS_SIGNATURE_ILLEGAL': smsFailure.misconfigured('签名不可用（未审核或已停用）'),
  'isv.SMS_SIGN_ILLEGAL': smsFailure.misconfigured('签名不可用（未审核或已停用）'),
  'isv.SMS_TEMPLATE_ILLEGAL': smsFailure.misconfigured('模板不可用（未审核或与签名不匹配）'),
  'isv.TEMPLATE_MISSING_PARAMETERS': smsFailure.misconfigured('模板变量与验证码参数不符（模板应含 ${code}）'),
  'isv.TEMPLATE_PARAMS_ILLEGAL': smsFailure.misconfigured('模板变量与验证码参数不符（模板应含 ${code}）'),
  'isv.AMOUNT_NOT_ENOUGH': smsFailure.misconfigured('账户余额不足'),
  'isv.OUT_OF_SERVICE': smsFailure.misconfigured('已停机（账户欠费）'),
  'isv.ACCOUNT_NOT_EXISTS': smsFailure.misconfigured('账户不存在'),
  'isv.ACCOUNT_ABNORMAL': smsFailure.misconfigured('账户异常'),
  'isv.PRODUCT_UN_SUBSCRIPT': smsFailure.misconfigured('未开通短信服务'),
  'isv.DENY_IP_RANGE': smsFailure.misconfigured('拒绝了本服务器的 IP'),
  'InvalidAccessKeyId.': smsFailure.misconfigured('的 AccessKey 无效'),
  SignatureDoesNotMatch: smsFailure.misconfigured('的 AccessKey Secret 不正确'),
  'Forbidden.': smsFailure.misconfigured('的 AccessKey 无权发送短信'),
  'isp.': smsFailure.unavailable,
};

const leaseParamsMismatch = smsFailure.misconfigured('模板变量与还款提醒参数不符（模板应含 ${name} ${amount} ${due_date} ${days} ${store} ${phone}）');
/** A lease reminder's template takes other variables, so a mismatch names those instead of ${code}. */
const LEASE_ERRORS: ProviderErrors = {
  ...ERRORS,
  'isv.TEMPLATE_MISSING_PARAMETERS': leaseParamsMismatch,
  'isv.TEMPLATE_PARAMS_ILLEGAL': leaseParamsMismatch,
};

/** createAliyunSmsSender sends through dysms SendSms (API 2017-05-25) with the RPC v1 HMAC-SHA1 signature. */
export function createAliyunSmsSender(config: SmsGatewayConfig, log?: GatewayLog): SmsSender {
  const origin = config.origin ?? ALIYUN_SMS_ORIGIN;
  return {
    name: 'aliyun',
    label: `阿里云短信服务（${origin}，签名「${config.signName}」）`,
    live: true,
    ready: true,
    async send(message) {
      const { phoneNumber, purpose } = message;
      const templateCode = gatewayTemplate(config.templates, purpose);
      const params: Record<string, string> = {
        AccessKeyId: config.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        RegionId: config.region ?? 'cn-hangzhou',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
        PhoneNumbers: phoneNumber,
        SignName: config.signName,
        TemplateCode: templateCode,
        TemplateParam: JSON.stringify(Object.fromEntries(templateVariables(message))),
      };
      params.Signature = aliyunRpcSignature('POST', params, config.accessKeySecret);
      const body = Object.entries(params)
        .map(([k, v]) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(v)}`)
        .join('&');
      const { status, json } = await postJson(
        `${origin}/`,
        { headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body },
        config.timeoutMs,
      );
      const answer = (json ?? {}) as { Code?: string; Message?: string; RequestId?: string };
      if (status === 200 && answer.Code === 'OK') return;
      const providerCode = answer.Code ?? `HTTP ${status}`;
      log?.warn({ provider: 'aliyun', code: providerCode, message: answer.Message, requestId: answer.RequestId, purpose }, 'SMS gateway refused a text');
      throw mapProviderError(purpose === SmsPurpose.LEASE_REMINDER ? LEASE_ERRORS : ERRORS, providerCode, '阿里云');
    },
  };
}
