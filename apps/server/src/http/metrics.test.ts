import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MdmHarness, startAdminHarness, waitFor } from '../test/mdm-harness.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { createMetrics, startMetricsServer } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789';

/** value reads one sample of the exposition text (0 when the series is absent). */
function value(text: string, name: string, labels: Record<string, string> = {}) {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelPart = /\{([^}]*)\}/.exec(line)?.[1] ?? '';
    if (want.every((w) => labelPart.split(',').includes(w))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

describe('/metrics is never open by default', () => {
  it('answers 404 without METRICS_TOKEN, and serves no figures', async () => {
    const t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('lease_');
    await t.close();
  });

  it('with METRICS_TOKEN: 401 without or with a wrong token, 200 with it', async () => {
    const t = await buildTestApp({ METRICS_TOKEN: TOKEN });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
    const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('lease_http_request_duration_seconds');
    await t.close();
  });

  it('a short token is refused at start-up', async () => {
    await expect(buildTestApp({ METRICS_TOKEN: 'short' })).rejects.toThrow(/METRICS_TOKEN/);
  });

  it('METRICS_PORT serves /metrics on its own loopback listener and nothing else', async () => {
    const t = await buildTestApp();
    const server = await startMetricsServer(t.app.metrics, 0, '127.0.0.1');
    const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('lease_android_agents_connected');
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
    await server.close();
    await t.close();
  });
});

describe('the figures move when a simulated phone is locked', () => {
  let h: MdmHarness;
  let headers: { authorization: string };
  beforeAll(async () => {
    const started = await startAdminHarness({ METRICS_TOKEN: TOKEN });
    h = started.h;
    headers = started.headers;
  });
  afterAll(async () => h?.close());

  const scrape = async () => {
    const res = await h.t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('counts the lock command through queued → acknowledged, its push, and the lock request latency', async () => {
    const { phone, deviceId } = await h.newPhone(headers);
    const before = await scrape();
    const lockRoute = { method: 'POST', route: '/api/device/ios/command/lock', status_code: '200' };
    expect(value(before, 'lease_mdm_commands', { platform: 'ios', request_type: 'EnableLostMode', status: 'acknowledged' })).toBe(0);

    const res = await h.t.app.inject({ method: 'POST', url: '/api/device/ios/command/lock', headers, payload: { device_id: deviceId, message: '请联系门店' } });
    expect(res.statusCode).toBe(200);
    await waitFor(() => phone.state.lostMode.enabled);
    const after = await waitFor(async () => {
      const text = await scrape();
      return value(text, 'lease_mdm_commands', { platform: 'ios', request_type: 'EnableLostMode', status: 'acknowledged' }) === 1 && text;
    });
    expect(value(after, 'lease_apns_pushes_total', { result: 'sent' })).toBeGreaterThan(value(before, 'lease_apns_pushes_total', { result: 'sent' }));
    expect(value(after, 'lease_http_request_duration_seconds_count', lockRoute)).toBe(
      value(before, 'lease_http_request_duration_seconds_count', lockRoute) + 1,
    );
    // Route patterns, not URLs: the device id never becomes a label.
    expect(after).not.toContain(deviceId);
    for (const name of ['lease_webhook_backlog', 'lease_webhook_deliveries', 'lease_android_agents_connected', 'lease_process_resident_memory_bytes'])
      expect(after).toContain(name);
  });
});

describe('job runs and failures', () => {
  it('countJobs counts every run and every failure by job', async () => {
    const t = await buildTestApp();
    const metrics = createMetrics({ db: t.db, connectedAgents: () => 0 });
    const [ok, bad] = metrics.countJobs([
      { name: 'ok-job', everyMs: 1000, run: async () => 1 },
      { name: 'bad-job', everyMs: 1000, run: async () => Promise.reject(new Error('boom')) },
    ]);
    await ok.run();
    await expect(bad.run()).rejects.toThrow('boom');
    const text = await metrics.registry.metrics();
    expect(value(text, 'lease_job_runs_total', { job: 'ok-job' })).toBe(1);
    expect(value(text, 'lease_job_runs_total', { job: 'bad-job' })).toBe(1);
    expect(value(text, 'lease_job_failures_total', { job: 'bad-job' })).toBe(1);
    expect(value(text, 'lease_job_failures_total', { job: 'ok-job' })).toBe(0);
    await t.close();
  });
});
