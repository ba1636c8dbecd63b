import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_PROOF_BITS, type SmsChallengeResponse } from '@lease/shared';
import { type TestApp, buildTestApp, nextPhone } from '../../test/build-test-app.ts';
import { createSmsProof } from '../sms-code/sms-proof.ts';
import { sendPublicCode, solveChallenge } from '../sms-code/sms-proof.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const reset = (phone_number: string, sms_code: string, remoteAddress: string, password = 'Reset#2026') =>
  t.app.inject({ method: 'PUT', url: '/api/auth/reset-password', payload: { phone_number, sms_code, password }, remoteAddress });
const sendRaw = (payload: Record<string, unknown>, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/system/smsverify-noauth', payload, remoteAddress });
const challenge = async (remoteAddress = '10.41.0.9') =>
  (await t.app.inject({ method: 'GET', url: '/api/system/sms-challenge', remoteAddress })).json<SmsChallengeResponse>();
/** aged moves a phone's codes back past the 60-second resend wait, as if the stranger had waited each time. */
const aged = (phone: string) => t.db.execute(sql`update sms_code set created_at = created_at - interval '61 seconds' where phone_number = ${phone}`);

describe('a stranger cannot lock a clerk out of SMS', () => {
  it('lets the owner reset with their code after a stranger’s 31 made-up codes, 10 sends and 31 wrong guesses', async () => {
    const owner = await t.newClerk();
    const phone = owner.phoneNumber;
    const [ownerIp, senderIp, guesserIp] = ['10.40.0.1', '10.40.0.66', '10.40.0.77'];

    // 31 made-up codes while no code is live: refused, and not counted against the phone.
    for (let i = 0; i < 31; i++) expect((await reset(phone, String(100000 + i), guesserIp)).json().code).toBe('SMS_CODE_INVALID');

    // Ten public sends from one stranger address (the proof solved each time after the first), then its cap.
    for (let i = 0; i < 10; i++) {
      expect((await sendPublicCode(t.app, { phone_number: phone, purpose: 'reset-password' }, senderIp)).statusCode).toBe(200);
      await aged(phone);
    }
    const capped = await sendPublicCode(t.app, { phone_number: phone, purpose: 'reset-password' }, senderIp);
    expect([capped.statusCode, capped.json().message]).toEqual([429, '该手机号今日获取验证码次数已达上限']);

    // The owner still gets a code from their own address.
    expect((await sendPublicCode(t.app, { phone_number: phone, purpose: 'reset-password' }, ownerIp)).statusCode).toBe(200);
    const code = (await t.lastSmsCode(phone))!;

    // 31 wrong guesses at the owner's live code from a stranger's address: refused, then throttled.
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push((await reset(phone, wrong, guesserIp)).statusCode);
    expect(answers.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(answers.slice(20).every((s) => s === 429)).toBe(true);

    expect((await reset(phone, code, ownerIp)).json()).toEqual({ ok: true });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: phone, password: 'Reset#2026' }, remoteAddress: ownerIp });
    expect(login.statusCode).toBe(200);
  }, 120_000);
});

describe('the proof of work in front of public sends', () => {
  it('issues a signed challenge of the configured difficulty that no cache keeps', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/system/sms-challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<SmsChallengeResponse>();
    expect(body.difficulty).toBe(SMS_PROOF_BITS);
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect((await challenge()).challenge).not.toBe(body.challenge);
  });

  it('asks for a proof after an address’s first send, takes a solved one once, and refuses bad ones', async () => {
    const ip = '10.42.0.1';
    expect((await sendRaw({ phone_number: nextPhone(), purpose: 'register' }, ip)).statusCode).toBe(200);
    const phone = nextPhone();
    const needed = await sendRaw({ phone_number: phone, purpose: 'register' }, ip);
    expect([needed.statusCode, needed.json().code, needed.json().message]).toEqual([428, 'SMS_PROOF_REQUIRED', '请先完成人机验证再获取验证码']);
    expect(await t.lastSmsCode(phone)).toBeNull();

    const issued = await challenge();
    const proof = solveChallenge(issued.challenge, issued.difficulty);
    expect((await sendRaw({ phone_number: phone, purpose: 'register', proof }, ip)).statusCode).toBe(200);
    expect(await t.lastSmsCode(phone)).toMatch(/^\d{6}$/);

    const refused = async (proof: unknown, message = '人机验证未通过，请重试') => {
      const res = await sendRaw({ phone_number: nextPhone(), purpose: 'register', proof }, ip);
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([400, 'SMS_PROOF_INVALID', message]);
    };
    await refused(proof, '人机验证已使用，请重试');
    const [expiry, , nonce, mac] = issued.challenge.split('.');
    await refused(solveChallenge(`${expiry}.4.${nonce}.${mac}`, 4));
    const easy = createSmsProof(t.db, t.secrets.sms, 4).issue();
    await refused(solveChallenge(easy.challenge, easy.difficulty));
    const old = createSmsProof(t.db, t.secrets.sms, SMS_PROOF_BITS, () => Date.now() - 6 * 60_000).issue();
    await refused(solveChallenge(old.challenge, old.difficulty), '人机验证已过期，请重试');

    const malformed = await sendRaw({ phone_number: nextPhone(), purpose: 'register', proof: { challenge: issued.challenge, solution: 'abc' } }, ip);
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  }, 60_000);

  it('documents the challenge call and the proof in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/system/sms-challenge'].get.responses['200'].content['application/json'].schema.required).toEqual([
      'challenge',
      'difficulty',
      'expires_at',
    ]);
    const body = doc.paths['/api/system/smsverify-noauth'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties.proof.properties)).toEqual(['challenge', 'solution']);
  });
});
