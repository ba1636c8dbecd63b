import { afterEach, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../../modules/webhook/webhook-receiver.test-kit.ts';
import { createHttpWebhookSender } from './http-webhook-sender.ts';

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
async function receiver(script: number[]) {
  const r = await startReceiver(script);
  receivers.push(r);
  return r;
}

describe('createHttpWebhookSender', () => {
  it('POSTs the body with the given headers and reports the status and duration', async () => {
    const r = await receiver([204]);
    const answer = await createHttpWebhookSender({ allowPrivate: true }).post(r.url('/x?y=1'), '{"a":1}', { 'x-event-id': 'e1' });
    expect(answer).toMatchObject({ statusCode: 204, error: '' });
    expect(answer.durationMs).toBeGreaterThanOrEqual(0);
    expect(r.received[0]).toMatchObject({ method: 'POST', url: '/x?y=1', body: '{"a":1}' });
    expect(r.received[0].headers).toMatchObject({ 'x-event-id': 'e1', 'content-type': 'application/json; charset=utf-8' });
  });

  it('reports a non-2xx answer and does not follow redirects', async () => {
    const r = await receiver([302]);
    const answer = await createHttpWebhookSender({ allowPrivate: true }).post(r.url(), '{}', {});
    expect(answer).toMatchObject({ statusCode: 302, error: '接收方返回 HTTP 302' });
    expect(r.received).toHaveLength(1);
  });

  it('gives up on a receiver that never answers, at its time limit', async () => {
    const r = await receiver([0]);
    const answer = await createHttpWebhookSender({ allowPrivate: true, timeoutMs: 300 }).post(r.url(), '{}', {});
    expect(answer).toMatchObject({ statusCode: null, error: '请求超时（0.3 秒）' });
    expect(answer.durationMs).toBeLessThan(3000);
  });

  it('reports a refused connection', async () => {
    const r = await receiver([200]);
    const url = r.url();
    await r.close();
    receivers.pop();
    const answer = await createHttpWebhookSender({ allowPrivate: true }).post(url, '{}', {});
    expect(answer.statusCode).toBeNull();
    expect(answer.error).toContain('连接失败');
  });

  it('refuses private targets at delivery time unless allowed: literal IPs and names resolving to them (DNS rebinding)', async () => {
    const r = await receiver([200]);
    const strict = createHttpWebhookSender({ allowPrivate: false });
    const literal = await strict.post(r.url(), '{}', {});
    expect(literal).toMatchObject({ statusCode: null, error: expect.stringContaining('内网') });
    // localhost passed nothing at save time in this scenario; it resolves to loopback when the connection is made.
    const named = await strict.post(`http://localhost:${r.port}/hook`, '{}', {});
    expect(named).toMatchObject({ statusCode: null, error: expect.stringContaining('内网') });
    expect(r.received).toHaveLength(0);
  });
});
