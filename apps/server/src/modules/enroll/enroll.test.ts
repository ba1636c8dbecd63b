import { createCipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnrollmentStatus } from '@lease/shared';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { createEnrollCodec } from './enroll-code.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
type Headers = { authorization: string };

/** A store admin and one registered phone with the link the console hands out. */
async function registeredPhone() {
  const s = await t.newStore({ storeName: '链接门店' });
  const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
  const serial = `EN${randomBytes(4).toString('hex').toUpperCase()}`;
  const res = await t.app.inject({ method: 'POST', url: '/api/device/ios/new', headers, payload: { serial_numbers: [serial] } });
  expect(res.statusCode).toBe(200);
  const { id, enroll_link } = res.json().list[0] as { id: string; enroll_link: string };
  return { storeId: s.id, headers, serial, deviceId: id, code: enroll_link.split('/enroll/')[1] };
}

const baseinfo = (code: string) => t.app.inject({ method: 'GET', url: `/api/enroll/baseinfo?code=${encodeURIComponent(code)}` });
const submit = (code: string, hirer_name: string, hirer_phone_number = '') =>
  t.app.inject({ method: 'POST', url: '/api/enroll/submit', payload: { code, hirer_name, hirer_phone_number } });
const profile = (code: string) => t.app.inject({ method: 'GET', url: `/api/enroll/profile?code=${encodeURIComponent(code)}` });
const hirerOf = async (id: string) => (await t.db.select().from(iosDevice).where(eq(iosDevice.id, id)))[0];

describe('hirer enrolment link: who may write the hirer', () => {
  it('lets the hirer fill in and correct their details until the phone enrols, never showing a name back', async () => {
    const p = await registeredPhone();
    expect((await baseinfo(p.code)).json()).toEqual({
      store_name: '链接门店',
      serial_number: p.serial,
      enrolled: false,
      hirer_on_file: false,
      can_submit: true,
    });
    expect((await submit(p.code, '王小明', '13911112222')).statusCode).toBe(200);
    expect((await submit(p.code, '王晓明', '13911112222')).statusCode).toBe(200);
    expect(await hirerOf(p.deviceId)).toMatchObject({ hirerName: '王晓明', hirerPhoneNumber: '13911112222' });
    const info = await baseinfo(p.code);
    expect(info.json()).toMatchObject({ hirer_on_file: true, can_submit: true });
    expect(info.body).not.toContain('晓明');
    expect(info.body).not.toContain('13911112222');
  });

  it('refuses submit (409, Chinese) once the phone is enrolled, and keeps the hirer', async () => {
    const p = await registeredPhone();
    expect((await submit(p.code, '王小明', '13911112222')).statusCode).toBe(200);
    await t.db.update(iosDevice).set({ enrollmentStatus: EnrollmentStatus.ENROLLED }).where(eq(iosDevice.id, p.deviceId));
    const res = await submit(p.code, '冒名者', '13800000001');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('已接入管理');
    expect(await hirerOf(p.deviceId)).toMatchObject({ hirerName: '王小明', hirerPhoneNumber: '13911112222' });
    const info = await baseinfo(p.code);
    expect(info.json()).toMatchObject({ enrolled: true, can_submit: false });
    expect(info.body).not.toContain('王小明');
  });

  it('refuses submit once the store set the hirer, while the audited console call still changes it', async () => {
    const p = await registeredPhone();
    const set = (hirer_name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/device/ios/update-hirer',
        headers: p.headers as Headers,
        payload: { device_id: p.deviceId, hirer_name, hirer_phone_number: '13922223333' },
      });
    expect((await set('门店填写')).statusCode).toBe(200);
    const res = await submit(p.code, '链接改写', '13800000001');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('门店已填写');
    expect((await baseinfo(p.code)).json()).toMatchObject({ hirer_on_file: true, can_submit: false });
    expect((await set('门店修改')).statusCode).toBe(200);
    expect(await hirerOf(p.deviceId)).toMatchObject({ hirerName: '门店修改', hirerPhoneNumber: '13922223333' });
  });

  it('refuses every one of parallel submits to an enrolled phone', async () => {
    const p = await registeredPhone();
    await t.db.update(iosDevice).set({ enrollmentStatus: EnrollmentStatus.ENROLLED }).where(eq(iosDevice.id, p.deviceId));
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => submit(p.code, `并发${i}`)));
    expect(answers.map((a) => a.statusCode)).toEqual([409, 409, 409, 409, 409]);
    expect((await hirerOf(p.deviceId)).hirerName).toBe('');
  });
});

describe('hirer enrolment link: lifetime', () => {
  it('expires links after 30 days: baseinfo, submit and profile all refuse with a Chinese message', async () => {
    const p = await registeredPhone();
    const codec = createEnrollCodec(t.secrets.enroll);
    const target = { storeId: p.storeId, serialNumber: p.serial };
    const young = codec.encode(target, Date.now() - 29 * DAY);
    expect((await baseinfo(young)).statusCode).toBe(200);
    const old = codec.encode(target, Date.now() - 31 * DAY);
    for (const res of [await baseinfo(old), await submit(old, '过期'), await profile(old)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('登记链接已过期，请联系门店重新获取');
    }
    expect((await hirerOf(p.deviceId)).hirerName).toBe('');
  });

  it('treats a link made before links carried a date as expired, and a forged one as invalid', async () => {
    const p = await registeredPhone();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', t.secrets.enroll, iv);
    const text = Buffer.concat([cipher.update(`${p.storeId}|${p.serial}`, 'utf8'), cipher.final()]);
    const legacy = Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64url');
    expect((await baseinfo(legacy)).json().message).toContain('已过期');
    const forged = `${p.code.slice(0, -2)}${p.code.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await baseinfo(forged)).json()).toMatchObject({ statusCode: 404, message: expect.stringContaining('链接无效') });
  });

  it('takes its lifetime from ENROLL_LINK_TTL_DAYS', { timeout: 120_000 }, async () => {
    const short = await buildTestApp({ ENROLL_LINK_TTL_DAYS: '1' });
    try {
      const s = await short.newStore();
      const { headers } = await short.signedIn({ storeId: s.id, isAdmin: true });
      const reg = await short.app.inject({ method: 'POST', url: '/api/device/ios/new', headers, payload: { serial_numbers: ['TTLONEDAY01'] } });
      expect(reg.statusCode, reg.body).toBe(200);
      const codec = createEnrollCodec(short.secrets.enroll);
      const ask = (issuedAt: number) =>
        short.app.inject({ method: 'GET', url: `/api/enroll/baseinfo?code=${codec.encode({ storeId: s.id, serialNumber: 'TTLONEDAY01' }, issuedAt)}` });
      expect((await ask(Date.now() - DAY / 2)).statusCode).toBe(200);
      expect((await ask(Date.now() - 2 * DAY)).statusCode).toBe(404);
    } finally {
      await short.close();
    }
  });
});
