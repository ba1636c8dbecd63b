import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { type SmsStandIn, type SmsStandInOptions, type StandInAnswer, startSmsStandIn } from './sms-standin.ts';

export interface MockTencentSmsOptions extends SmsStandInOptions {
  sdkAppId: string;
}

const hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const mac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/**
 * The TC3-HMAC-SHA256 signature as documented, over the headers the client says it signed: canonical request,
 * string to sign with the credential scope, and a key derived day → service → "tc3_request" from "TC3" + SecretKey.
 */
function expectedSignature(p: {
  headers: IncomingHttpHeaders;
  signedHeaders: string[];
  body: string;
  timestamp: string;
  date: string;
  service: string;
  secretKey: string;
}): string {
  const canonicalHeaders = p.signedHeaders
    .map(
      (h) =>
        `${h}:${String(p.headers[h] ?? '')
          .trim()
          .toLowerCase()}\n`,
    )
    .join('');
  const canonicalRequest = `POST\n/\n\n${canonicalHeaders}\n${p.signedHeaders.join(';')}\n${hex(p.body)}`;
  const scope = `${p.date}/${p.service}/tc3_request`;
  const toSign = `TC3-HMAC-SHA256\n${p.timestamp}\n${scope}\n${hex(canonicalRequest)}`;
  const key = mac(mac(mac(`TC3${p.secretKey}`, p.date), p.service), 'tc3_request');
  return createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
}

/**
 * startMockTencentSms stands in for Tencent Cloud SMS (SendSms 2021-01-11): it checks the X-TC-* headers, recomputes
 * the TC3-HMAC-SHA256 signature (content-type and host must be signed), refuses stale timestamps, and checks the
 * SdkAppId, sign name, template, the number of template parameters and E.164 mainland numbers (+86…).
 */
export async function startMockTencentSms(options: MockTencentSmsOptions): Promise<SmsStandIn> {
  const error = (code: string, message: string): StandInAnswer => ({
    status: 200,
    body: { Response: { Error: { Code: code, Message: message }, RequestId: randomUUID() } },
    refusedCode: code,
  });
  return startSmsStandIn(options, ({ method, headers, body }, fault) => {
    if (method !== 'POST') return error('InvalidParameter', 'only POST is served here');
    if (headers['x-tc-action'] !== 'SendSms') return error('InvalidAction', 'action not found');
    if (headers['x-tc-version'] !== '2021-01-11') return error('NoSuchVersion', 'version not found');
    if (!headers['x-tc-region']) return error('MissingParameter', 'X-TC-Region is required');
    if (!String(headers['content-type']).startsWith('application/json')) return error('InvalidParameter', 'JSON body expected');
    const auth = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      String(headers.authorization ?? ''),
    );
    if (!auth) return error('AuthFailure.InvalidAuthorization', 'Authorization is malformed');
    const [, secretId, date, service, signed, signature] = auth;
    const signedHeaders = signed.split(';');
    if (!signedHeaders.includes('content-type') || !signedHeaders.includes('host'))
      return error('AuthFailure.InvalidAuthorization', 'content-type and host must be signed');
    if (secretId !== options.accessKeyId) return error('AuthFailure.SecretIdNotFound', 'SecretId does not exist');
    const timestamp = String(headers['x-tc-timestamp'] ?? '');
    const seconds = Number(timestamp);
    if (!/^\d+$/.test(timestamp) || Math.abs(seconds * 1000 - Date.now()) > 5 * 60_000) return error('AuthFailure.SignatureExpire', 'Signature expired');
    if (new Date(seconds * 1000).toISOString().slice(0, 10) !== date || service !== 'sms')
      return error('AuthFailure.SignatureFailure', 'credential scope does not match');
    const wanted = Buffer.from(expectedSignature({ headers, signedHeaders, body, timestamp, date, service, secretKey: options.accessKeySecret }));
    if (!timingSafeEqual(Buffer.from(signature), wanted)) return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');

    if (fault.code) return error(fault.code, 'scripted failure');
    let req: { PhoneNumberSet?: unknown; SmsSdkAppId?: unknown; SignName?: unknown; TemplateId?: unknown; TemplateParamSet?: unknown };
    try {
      req = JSON.parse(body);
    } catch {
      return error('InvalidParameter', 'body is not JSON');
    }
    if (req.SmsSdkAppId !== options.sdkAppId) return error('InvalidParameterValue.SdkAppIdNotExist', 'SdkAppId does not exist');
    if (req.SignName !== options.signName) return error('FailedOperation.SignatureIncorrectOrUnapproved', 'signature not approved');
    const templateId = String(req.TemplateId ?? '');
    const vars = options.templates[templateId];
    if (!vars) return error('FailedOperation.TemplateIncorrectOrUnapproved', 'template not approved');
    const params = req.TemplateParamSet;
    if (!Array.isArray(params) || params.length !== vars.length || !params.every((v) => typeof v === 'string')) {
      return error('FailedOperation.TemplateParamSetNotMatchApprovedTemplate', 'TemplateParamSet does not match the approved template');
    }
    const phones = req.PhoneNumberSet;
    if (!Array.isArray(phones) || phones.length !== 1) return error('InvalidParameter', 'PhoneNumberSet holds one number here');
    const phone = String(phones[0]);
    const ok = /^\+861\d{10}$/.test(phone);
    return {
      status: 200,
      body: {
        Response: {
          SendStatusSet: [
            ok
              ? { SerialNo: randomUUID(), PhoneNumber: phone, Fee: 1, SessionContext: '', Code: 'Ok', Message: 'send success', IsoCode: 'CN' }
              : {
                  SerialNo: '',
                  PhoneNumber: phone,
                  Fee: 0,
                  SessionContext: '',
                  Code: 'InvalidParameterValue.IncorrectPhoneNumber',
                  Message: 'incorrect phone number',
                  IsoCode: '',
                },
          ],
          RequestId: randomUUID(),
        },
      },
      ...(ok
        ? { delivered: { phoneNumber: phone, signName: options.signName, templateId, params: params as string[] } }
        : { refusedCode: 'InvalidParameterValue.IncorrectPhoneNumber' }),
    };
  });
}
