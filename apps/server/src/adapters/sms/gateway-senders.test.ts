import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmsStandIn, startMockAliyunSms, startMockTencentSms } from '@lease/device-sim';
import { type SmsGatewayConfig, loadConfig } from '../../config.ts';
import type { AppError } from '../../http/app-error.ts';
import { createAliyunSmsSender } from './aliyun-sms-sender.ts';
import { smsSenderFromConfig } from './sms-sender-from-config.ts';
import { LEASE_REMINDER_PARAMS, type LeaseReminderParams, type SmsSender } from './sms-sender.ts';
import { createTencentSmsSender } from './tencent-sms-sender.ts';

const KEY_ID = 'LTAI5tStandInKeyId';
const SECRET = 'stand-in-secret/with+odd=chars';
const SIGN = '租机宝';
const TEMPLATES = { register: 'T_REG', 'reset-password': 'T_RESET', 'clerk-new': 'T_CLERK', 'update-password': 'T_UPDATE', sensitive: 'T_SENS' };
const LEASE_TEMPLATE = 'T_LEASE';

const gatewayConfig = (provider: 'aliyun' | 'tencent', origin: string, over: Partial<SmsGatewayConfig> = {}): SmsGatewayConfig => ({
  provider,
  accessKeyId: KEY_ID,
  accessKeySecret: SECRET,
  signName: SIGN,
  sdkAppId: '1400000001',
  origin,
  region: undefined,
  timeoutMs: 2000,
  templates: { ...TEMPLATES, 'lease-reminder': LEASE_TEMPLATE },
  ...over,
});
const message = (purpose: keyof typeof TEMPLATES = 'register') => ({ phoneNumber: '13800001234', purpose, code: '042137', content: 'ignored by gateways' });
const REMINDER: LeaseReminderParams = { name: '张三', amount: '1,299.00', due_date: '2026-12-31', days: '3', store: '租机宝旗舰店', phone: '0571-88886666' };
const reminder = (params: Record<string, string> = REMINDER) => ({
  phoneNumber: '13800001234',
  purpose: 'lease-reminder' as const,
  code: '',
  params,
  content: 'ignored by gateways',
});
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a refusal');
};

const providers = [
  {
    name: 'aliyun',
    start: () =>
      startMockAliyunSms({
        accessKeyId: KEY_ID,
        accessKeySecret: SECRET,
        signName: SIGN,
        templates: { ...Object.fromEntries(Object.values(TEMPLATES).map((t) => [t, ['code']])), [LEASE_TEMPLATE]: [...LEASE_REMINDER_PARAMS] },
      }),
    create: (c: SmsGatewayConfig) => createAliyunSmsSender(c),
    expected: (m: ReturnType<typeof message>) => ({ phoneNumber: m.phoneNumber, params: { code: m.code } }),
    /** Alibaba Cloud names the variables: the template says ${name}, ${amount}, … */
    expectedReminder: { phoneNumber: '13800001234', params: REMINDER },
    badSecret: 'SignatureDoesNotMatch',
    codes: {
      tooOften: 'isv.BUSINESS_LIMIT_CONTROL',
      badPhone: 'isv.MOBILE_NUMBER_ILLEGAL',
      noMoney: 'isv.AMOUNT_NOT_ENOUGH',
      badTemplate: 'isv.SMS_TEMPLATE_ILLEGAL',
      paramMismatch: 'isv.TEMPLATE_MISSING_PARAMETERS',
      down: 'isp.SYSTEM_ERROR',
    },
  },
  {
    name: 'tencent',
    start: () =>
      startMockTencentSms({
        accessKeyId: KEY_ID,
        accessKeySecret: SECRET,
        signName: SIGN,
        sdkAppId: '1400000001',
        templates: { ...Object.fromEntries(Object.values(TEMPLATES).map((t) => [t, ['1']])), [LEASE_TEMPLATE]: ['1', '2', '3', '4', '5', '6'] },
      }),
    create: (c: SmsGatewayConfig) => createTencentSmsSender(c),
    expected: (m: ReturnType<typeof message>) => ({ phoneNumber: `+86${m.phoneNumber}`, params: [m.code] }),
    /** Tencent Cloud numbers them: {1} name, {2} amount, {3} due_date, {4} days, {5} store, {6} phone. */
    expectedReminder: { phoneNumber: '+8613800001234', params: ['张三', '1,299.00', '2026-12-31', '3', '租机宝旗舰店', '0571-88886666'] },
    badSecret: 'AuthFailure.SignatureFailure',
    codes: {
      tooOften: 'LimitExceeded.PhoneNumberDailyLimit',
      badPhone: 'InvalidParameterValue.IncorrectPhoneNumber',
      noMoney: 'FailedOperation.InsufficientBalanceInSmsPackage',
      badTemplate: 'FailedOperation.TemplateIncorrectOrUnapproved',
      paramMismatch: 'FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
      down: 'InternalError.Timeout',
    },
  },
] as const;

describe.each(providers)('$name SMS gateway', (p) => {
  let standIn: SmsStandIn;
  let sender: SmsSender;
  beforeAll(async () => {
    standIn = await p.start();
    sender = p.create(gatewayConfig(p.name, standIn.origin));
  });
  afterAll(() => standIn.close());

  it('sends each purpose with its own template, the sign name and the code as the template variable, signed as documented', async () => {
    for (const purpose of Object.keys(TEMPLATES) as (keyof typeof TEMPLATES)[]) {
      standIn.setFault({});
      await sender.send(message(purpose));
      expect(standIn.delivered.at(-1)).toEqual({ ...p.expected(message(purpose)), signName: SIGN, templateId: TEMPLATES[purpose] });
    }
    expect(sender.live).toBe(true);
  });

  it('sends a lease reminder with its own template and the six variables in the documented shape', async () => {
    standIn.setFault({});
    await sender.send(reminder());
    expect(standIn.delivered.at(-1)).toEqual({ ...p.expectedReminder, signName: SIGN, templateId: LEASE_TEMPLATE });
    await sender.send(reminder({ ...REMINDER, days: '0' }));
    expect(JSON.stringify(standIn.delivered.at(-1)?.params)).toContain('"0"');
  });

  it('refuses a lease reminder without any call when no lease template is configured, and still sends codes', async () => {
    const { 'lease-reminder': _, ...codeTemplates } = gatewayConfig(p.name, standIn.origin).templates;
    const codesOnly = p.create(gatewayConfig(p.name, standIn.origin, { templates: codeTemplates }));
    const calls = () => standIn.delivered.length + standIn.refused.length;
    const before = calls();
    const err = await refusal(codesOnly.send(reminder()));
    expect([err.code, err.statusCode, err.message]).toEqual(['SMS_NOT_CONFIGURED', 503, '未配置还款提醒短信模板']);
    expect(calls()).toBe(before);
    await codesOnly.send(message());
    expect(standIn.delivered.at(-1)).toEqual({ ...p.expected(message()), signName: SIGN, templateId: TEMPLATES.register });
  });

  it('refuses a lease reminder that lacks a variable before calling, and names the six variables when the template takes others', async () => {
    const { phone: _, ...partial } = REMINDER;
    const before = standIn.delivered.length + standIn.refused.length;
    await expect(sender.send(reminder(partial))).rejects.toThrow('lease reminder text lacks template variable phone');
    expect(standIn.delivered.length + standIn.refused.length).toBe(before);
    const misfiled = p.create(gatewayConfig(p.name, standIn.origin, { templates: { ...TEMPLATES, 'lease-reminder': TEMPLATES.register } }));
    const err = await refusal(misfiled.send(reminder()));
    expect(err.code).toBe('SMS_SEND_FAILED');
    expect(err.message).toMatch(/^短信服务模板变量与还款提醒参数不符（模板应含 .+），请联系管理员$/);
    standIn.setFault({ code: p.codes.paramMismatch });
    expect((await refusal(sender.send(message()))).message).toMatch(/^短信服务模板变量与验证码参数不符/);
    standIn.setFault({});
  });

  it('is refused by the stand-in when signed with another secret, and says so in Chinese', async () => {
    const wrong = p.create(gatewayConfig(p.name, standIn.origin, { accessKeySecret: 'not-the-secret' }));
    const err = await refusal(wrong.send(message()));
    expect(standIn.refused.at(-1)).toEqual({ code: p.badSecret });
    expect(err.code).toBe('SMS_SEND_FAILED');
    expect(err.message).toMatch(/^短信服务的 (AccessKey Secret|SecretId\/SecretKey) 不正确，请联系管理员$/);
  });

  it('maps provider error codes to Chinese errors', async () => {
    const cases: [string, number, RegExp][] = [
      [p.codes.tooOften, 429, /过于频繁/],
      [p.codes.badPhone, 400, /无法接收短信/],
      [p.codes.noMoney, 502, /余额不足|余量不足/],
      [p.codes.badTemplate, 502, /模板不可用/],
      [p.codes.down, 502, /暂时不可用/],
      ['Some.UnknownCode', 502, /短信发送失败（.+：Some\.UnknownCode）/],
    ];
    for (const [code, status, text] of cases) {
      standIn.setFault({ code });
      const err = await refusal(sender.send(message()));
      expect(err.statusCode, code).toBe(status);
      expect(err.message, code).toMatch(text);
    }
    standIn.setFault({});
  });

  it('gives up after its timeout, and reads a non-JSON answer or a closed port as a Chinese failure', async () => {
    const impatient = p.create(gatewayConfig(p.name, standIn.origin, { timeoutMs: 100 }));
    standIn.setFault({ delayMs: 1000 });
    const started = Date.now();
    expect((await refusal(impatient.send(message()))).message).toBe('短信服务响应超时，请稍后再试');
    expect(Date.now() - started).toBeLessThan(900);
    standIn.setFault({ garbage: true });
    expect((await refusal(sender.send(message()))).message).toMatch(/无法识别的响应/);
    standIn.setFault({});
    const nowhere = p.create(gatewayConfig(p.name, 'http://127.0.0.1:9'));
    expect((await refusal(nowhere.send(message()))).message).toBe('无法连接短信服务，请稍后再试');
  });
});

describe('without a gateway', () => {
  it('refuses lease reminders as it refuses codes, unless dev tools keep them in the outbox', async () => {
    const outbox = { name: 'outbox', label: '', live: false, ready: true, send: async () => {} } satisfies SmsSender;
    const none = smsSenderFromConfig({ smsGateway: null, devTools: false }, outbox);
    const err = await refusal(none.send(reminder()));
    expect([err.code, err.message]).toEqual(['SMS_NOT_CONFIGURED', '短信服务未配置，无法发送还款提醒']);
    expect((await refusal(none.send(message()))).message).toBe('短信服务未配置，无法发送验证码，请联系管理员');
    expect(smsSenderFromConfig({ smsGateway: null, devTools: true }, outbox)).toBe(outbox);
  });
});

describe('SMS gateway configuration', () => {
  const full = {
    SMS_ACCESS_KEY_ID: 'id',
    SMS_ACCESS_KEY_SECRET: 'secret',
    SMS_SIGN_NAME: '租机宝',
    SMS_TEMPLATE_REGISTER: 'A',
    SMS_TEMPLATE_RESET_PASSWORD: 'B',
    SMS_TEMPLATE_CLERK_NEW: 'C',
    SMS_TEMPLATE_UPDATE_PASSWORD: 'D',
    SMS_TEMPLATE_SENSITIVE: 'E',
  };
  it('reads one template per purpose and names what is missing', () => {
    expect(loadConfig({}).smsGateway).toBeNull();
    expect(loadConfig({ SMS_PROVIDER: 'aliyun', ...full }).smsGateway).toMatchObject({
      provider: 'aliyun',
      templates: { register: 'A', 'reset-password': 'B', 'clerk-new': 'C', 'update-password': 'D', sensitive: 'E' },
    });
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent', ...full })).toThrow('SMS_PROVIDER=tencent needs SMS_SDK_APP_ID');
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ...full, SMS_TEMPLATE_SENSITIVE: '', SMS_SIGN_NAME: '' })).toThrow(
      'SMS_PROVIDER=aliyun needs SMS_SIGN_NAME, SMS_TEMPLATE_SENSITIVE',
    );
  });

  it('takes the lease reminder template as optional', () => {
    for (const lease of [undefined, '']) {
      expect(loadConfig({ SMS_PROVIDER: 'aliyun', ...full, SMS_TEMPLATE_LEASE_REMINDER: lease }).smsGateway?.templates['lease-reminder']).toBeUndefined();
    }
    expect(loadConfig({ SMS_PROVIDER: 'aliyun', ...full, SMS_TEMPLATE_LEASE_REMINDER: 'F' }).smsGateway?.templates['lease-reminder']).toBe('F');
  });
});
