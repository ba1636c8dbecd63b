import type { FleetHealth, PushCertStatus } from '@lease/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../test/fakeNetwork.ts';
import FleetHealthCard from '../home/FleetHealthCard.tsx';
import OpsPushCertPage from './OpsPushCertPage.tsx';

const cert = (days: number) => ({
  subject: 'UID=com.apple.mgmt.External.t, CN=APSP:t, C=US',
  topic: 'com.apple.mgmt.External.t',
  issuer: 'CN=Apple Application Integration 2 Certification Authority',
  not_before: '2025-12-01T00:00:00.000Z',
  not_after: new Date(Date.now() + days * 86_400_000).toISOString(),
  days_left: days,
  fingerprint: 'ab'.repeat(32),
});

const status = (over: Partial<PushCertStatus> = {}): PushCertStatus => ({
  source: 'stored',
  env_overrides: false,
  env_topic: null,
  current_topic: 'com.apple.mgmt.External.t',
  enrolled_topics: [{ topic: 'com.apple.mgmt.External.t', devices: 12 }],
  stored: cert(200),
  env_certificate: null,
  pending_csr: null,
  warning: null,
  warn_days: 30,
  ...over,
});

const serve = (body: unknown) => answerFetch(vi.fn(async () => Response.json(body)));
const show = (element: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={createMemoryRouter([{ path: '/', element }])} />
    </QueryClientProvider>,
  );

describe('operator push certificate page', () => {
  it('shows the certificate in use, its topic, the phones on it and the days left', async () => {
    serve(status());
    show(<OpsPushCertPage />);
    expect(await screen.findByText('还剩 200 天')).toBeTruthy();
    // The source in use and the certificate's own heading.
    expect(screen.getAllByText('本页上传的证书')).toHaveLength(2);
    expect(screen.getByText(/12 台使用/)).toBeTruthy();
    expect(screen.queryByText('环境变量优先')).toBeNull();
    expect(screen.queryByText('推送证书即将过期')).toBeNull();
  });

  it('says environment variables win, and warns when the certificate in use ends within 30 days', async () => {
    serve(status({ source: 'env-certificate', env_overrides: true, env_certificate: cert(9), warning: 'MDM 推送证书将在 9 天后过期。请续订。' }));
    show(<OpsPushCertPage />);
    expect(await screen.findByText('环境变量优先')).toBeTruthy();
    expect(screen.getByText(/推送使用环境变量中的凭据/)).toBeTruthy();
    expect(screen.getByText('推送证书即将过期')).toBeTruthy();
    expect(screen.getByText('MDM 推送证书将在 9 天后过期。请续订。')).toBeTruthy();
  });

  it('asks for a certificate when none is installed', async () => {
    serve(status({ source: 'none', stored: null, enrolled_topics: [] }));
    show(<OpsPushCertPage />);
    expect(await screen.findByText(/尚未安装 MDM 推送证书/)).toBeTruthy();
    expect(screen.getByText('暂无已接入的Apple 设备')).toBeTruthy();
    expect(screen.getByRole('button', { name: /生成 CSR/ })).toBeTruthy();
  });
});

describe('fleet health card', () => {
  it('puts the push certificate, ABM token and overdue identity warnings on the operator home', async () => {
    const health: FleetHealth = {
      generated_at: new Date().toISOString(),
      devices: { apple: 7, android: 3, stores: 2, by_store: [] },
      commands_24h: { queued: 0, sent: 0, acknowledged: 0, failed: 0, expired: 0 },
      push_failures: [{ reason: 'Unregistered', dead: true, devices: 2 }],
      webhooks: {
        pending: 4,
        oldest_pending_at: null,
        failed_24h: 1,
        failing_receivers: [{ store_id: 's', store_name: '华强北店', failed: 3, last_error: '', last_status_code: 502 }],
      },
      identities: { due: 5, overdue: 1, unanswered: 2, window_days: 60 },
      abm_tokens: [{ store_id: 's', store_name: '华强北店', expires_at: new Date().toISOString(), days_left: 4 }],
      push_certificate: { source: 'stored', topic: 't', expires_at: null, days_left: 9, warning: 'MDM 推送证书将在 9 天后过期。' },
      database: { kind: 'postgres', bytes: 50 * 1024 ** 2 },
    };
    serve(health);
    show(<FleetHealthCard />);
    expect(await screen.findByText(/MDM 推送证书将在 9 天后过期/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '去续期' })).toBeTruthy();
    expect(screen.getByText('门店「华强北店」的 ABM 服务器令牌将在 4 天后过期。')).toBeTruthy();
    expect(screen.getByText(/1 台Apple 设备的身份证书已过期/)).toBeTruthy();
    expect(screen.getByText('设备已注销推送（令牌失效）')).toBeTruthy();
    expect(screen.getByText(/失败 3 次（HTTP 502）/)).toBeTruthy();
    expect(screen.getByText('50.0 MB')).toBeTruthy();
  });
});
