import { smsProofHolds } from '@lease/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../app/feedback.ts';
import { sendSmsCodeNoAuth } from './system.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const CHALLENGE = 'mimyn2w0.8.AAAAAAAAAAAA.abcdefabcdefabcd';

afterEach(() => vi.unstubAllGlobals());

describe('sendSmsCodeNoAuth', () => {
  it('solves the proof when the server asks for one and retries by itself, without a warning', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const path = new URL(input, 'http://console.test').pathname;
        calls.push(`${init?.method ?? 'GET'} ${path}`);
        if (path === '/api/system/sms-challenge') return json(200, { challenge: CHALLENGE, difficulty: 8, expires_at: '2099-01-01T00:00:00.000Z' });
        const body = JSON.parse(String(init?.body));
        if (!body.proof) return json(428, { statusCode: 428, code: 'SMS_PROOF_REQUIRED', message: '请先完成人机验证再获取验证码' });
        expect(body.proof.challenge).toBe(CHALLENGE);
        expect(smsProofHolds(CHALLENGE, body.proof.solution, 8)).toBe(true);
        return json(200, { resend_after: 60, masked_phone: '138****0000' });
      }),
    );
    const warning = vi.spyOn(feedback.message, 'warning');
    const onVerify = vi.fn();
    expect(await sendSmsCodeNoAuth('13800000000', 'reset-password', onVerify)).toEqual({ resend_after: 60, masked_phone: '138****0000' });
    expect(onVerify).toHaveBeenCalledOnce();
    expect(calls).toEqual(['POST /api/system/smsverify-noauth', 'GET /api/system/sms-challenge', 'POST /api/system/smsverify-noauth']);
    expect(warning).not.toHaveBeenCalled();
  });

  it('shows any other refusal and does not solve anything', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(429, { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: '验证码发送过于频繁，请 60 秒后再试' })),
    );
    const warning = vi.spyOn(feedback.message, 'warning').mockImplementation(() => undefined as never);
    const onVerify = vi.fn();
    await expect(sendSmsCodeNoAuth('13800000000', 'register', onVerify)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(onVerify).not.toHaveBeenCalled();
    expect(warning).toHaveBeenCalledWith('验证码发送过于频繁，请 60 秒后再试');
  });
});
