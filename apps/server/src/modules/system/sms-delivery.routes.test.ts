import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmsStandIn, startMockTencentSms } from '@lease/device-sim';
import { buildTestApp, nextPhone } from '../../test/build-test-app.ts';

const TEMPLATES = {
  SMS_TEMPLATE_REGISTER: '1001',
  SMS_TEMPLATE_RESET_PASSWORD: '1002',
  SMS_TEMPLATE_CLERK_NEW: '1003',
  SMS_TEMPLATE_UPDATE_PASSWORD: '1004',
  SMS_TEMPLATE_SENSITIVE: '1005',
};

describe('without a gateway and without dev tools', () => {
  it('answers every SMS action 短信服务未配置 and never pretends to send', async () => {
    const t = await buildTestApp({}, { smsSender: null });
    try {
      const admin = await t.signedIn();
      const calls = [
        { method: 'POST' as const, url: '/api/system/smsverify-noauth', payload: { phone_number: nextPhone(), purpose: 'register' } },
        { method: 'POST' as const, url: '/api/system/smsverify-noauth', payload: { phone_number: nextPhone(), purpose: 'reset-password' } },
        { method: 'POST' as const, url: '/api/system/smsverify-noauth', payload: { phone_number: admin.clerk.phoneNumber, purpose: 'reset-password' } },
        { method: 'POST' as const, url: '/api/system/smsverify', headers: admin.headers, payload: { purpose: 'update-password' } },
        { method: 'POST' as const, url: '/api/system/smsverify', headers: admin.headers, payload: { purpose: 'clerk-new', phone_number: nextPhone() } },
        {
          method: 'PUT' as const,
          url: '/api/auth/reset-password',
          payload: { phone_number: admin.clerk.phoneNumber, sms_code: '123456', password: 'Reset#2026' },
        },
        {
          method: 'POST' as const,
          url: '/api/system/register-store',
          payload: { store_name: '店', name: '王', phone_number: nextPhone(), sms_code: '123456', password: 'Reg#2026ab' },
        },
      ];
      for (const call of calls) {
        const res = await t.app.inject(call);
        expect(res.statusCode, call.url).toBe(503);
        expect(res.json(), call.url).toMatchObject({ code: 'SMS_NOT_CONFIGURED', message: expect.stringContaining('短信服务未配置') });
      }
    } finally {
      await t.close();
    }
  });
});

describe('with the Tencent Cloud gateway configured', () => {
  let standIn: SmsStandIn;
  beforeAll(async () => {
    standIn = await startMockTencentSms({
      accessKeyId: 'AKIDstandin',
      accessKeySecret: 'standin-secret',
      signName: '租机宝',
      sdkAppId: '1400009999',
      templates: Object.fromEntries(Object.values(TEMPLATES).map((id) => [id, ['1']])),
    });
  });
  afterAll(() => standIn.close());

  it('delivers the register code through the gateway, and that code registers the store', async () => {
    const t = await buildTestApp(
      {
        SMS_PROVIDER: 'tencent',
        SMS_ACCESS_KEY_ID: 'AKIDstandin',
        SMS_ACCESS_KEY_SECRET: 'standin-secret',
        SMS_SIGN_NAME: '租机宝',
        SMS_SDK_APP_ID: '1400009999',
        SMS_ORIGIN: standIn.origin,
        ...TEMPLATES,
      },
      { smsSender: null },
    );
    try {
      const phone = nextPhone();
      const sent = await t.app.inject({ method: 'POST', url: '/api/system/smsverify-noauth', payload: { phone_number: phone, purpose: 'register' } });
      expect(sent.statusCode).toBe(200);
      const text = standIn.delivered.at(-1)!;
      expect(text).toMatchObject({ phoneNumber: `+86${phone}`, templateId: '1001', signName: '租机宝' });
      expect(await t.lastSmsCode(phone)).toBeNull(); // nothing in the outbox
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/system/register-store',
        payload: { store_name: '网关店', name: '王', phone_number: phone, sms_code: (text.params as string[])[0], password: 'Reg#2026ab' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
