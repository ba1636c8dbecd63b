import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { type SmsStandIn, type SmsStandInOptions, type StandInAnswer, startSmsStandIn } from './sms-standin.ts';

/** RFC 3986 unreserved characters stay; everything else is %XX in upper case (Alibaba Cloud's POP encoding). */
function popEncode(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

/** The RPC v1 signature as documented: sorted canonical query, "METHOD&%2F&" + encoded, HMAC-SHA1 keyed secret + "&". */
function expectedSignature(method: string, params: Map<string, string>, secret: string): string {
  const canonical = [...params.entries()]
    .filter(([k]) => k !== 'Signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${popEncode(k)}=${popEncode(v)}`)
    .join('&');
  return createHmac('sha1', `${secret}&`)
    .update(`${method}&${popEncode('/')}&${popEncode(canonical)}`)
    .digest('base64');
}

const COMMON = ['AccessKeyId', 'Action', 'Format', 'SignatureMethod', 'SignatureNonce', 'SignatureVersion', 'Timestamp', 'Version', 'Signature'];

/**
 * startMockAliyunSms stands in for Alibaba Cloud SMS (dysmsapi, SendSms 2017-05-25): it recomputes the RPC v1
 * HMAC-SHA1 signature of each request (form body or query), refuses replayed nonces and stale timestamps, and
 * checks the sign name, the template and its variables and the mainland phone before accepting a text.
 */
export async function startMockAliyunSms(options: SmsStandInOptions): Promise<SmsStandIn> {
  const nonces = new Set<string>();
  const fail = (status: number, code: string, message: string): StandInAnswer => ({
    status,
    body: { Code: code, Message: message, RequestId: randomUUID() },
    refusedCode: code,
  });
  return startSmsStandIn(options, ({ method, headers, url, body }, fault) => {
    const params = new Map<string, string>(
      method === 'POST' && String(headers['content-type']).startsWith('application/x-www-form-urlencoded') ? new URLSearchParams(body) : url.searchParams,
    );
    const missing = COMMON.filter((k) => !params.get(k));
    if (missing.length) return fail(400, 'MissingParameter', `missing ${missing.join(',')}`);
    if (params.get('Action') !== 'SendSms' || params.get('Version') !== '2017-05-25') return fail(404, 'InvalidAction.NotFound', 'Specified api is not found');
    if (params.get('SignatureMethod') !== 'HMAC-SHA1' || params.get('SignatureVersion') !== '1.0')
      return fail(400, 'InvalidSignatureMethod', 'bad signature method');
    if (params.get('AccessKeyId') !== options.accessKeyId) return fail(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const given = Buffer.from(params.get('Signature')!);
    const wanted = Buffer.from(expectedSignature(method, params, options.accessKeySecret));
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
      return fail(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    const ts = params.get('Timestamp')!;
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(ts) || Math.abs(Date.parse(ts) - Date.now()) > 15 * 60_000)
      return fail(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    const nonce = params.get('SignatureNonce')!;
    if (nonces.has(nonce)) return fail(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.add(nonce);

    if (fault.code) return fail(200, fault.code, 'scripted failure');
    const phone = params.get('PhoneNumbers') ?? '';
    if (!/^1\d{10}$/.test(phone)) return fail(200, 'isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    if (params.get('SignName') !== options.signName) return fail(200, 'isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    const templateId = params.get('TemplateCode') ?? '';
    const vars = options.templates[templateId];
    if (!vars) return fail(200, 'isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    let templateParams: Record<string, string>;
    try {
      templateParams = JSON.parse(params.get('TemplateParam') ?? '');
    } catch {
      return fail(200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    const keys = Object.keys(templateParams ?? {}).sort();
    if (keys.join(',') !== [...vars].sort().join(',') || !keys.every((k) => typeof templateParams[k] === 'string')) {
      return fail(200, 'isv.TEMPLATE_MISSING_PARAMETERS', '模板变量缺少对应参数值');
    }
    return {
      status: 200,
      body: { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0`, RequestId: randomUUID() },
      delivered: { phoneNumber: phone, signName: options.signName, templateId, params: templateParams },
    };
  });
}
