import type { AndroidDeviceDetail } from '@lease/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../../../test/fakeNetwork.ts';
import { appRuleValues, RestrictionsTab } from './RestrictionsTab.tsx';

const ID = '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b';
const BASE = `/api/device/android/${ID}`;
// The detail still says "off": the tab must show the rule the app-restriction call answers, not the detail's copy.
const DEVICE = {
  id: ID,
  app_restriction_enable: false,
  app_restriction_mode: 0,
  app_restriction_list: [],
  restriction_report: null,
} as unknown as AndroidDeviceDetail;
const allowed = { allowed: true, permitted: true, reason: '' };
let rule = { enable: true, mode: 1, list: [{ app_name: '微信', package_name: 'com.tencent.mm' }] };

beforeEach(() => {
  rule = { enable: true, mode: 1, list: [{ app_name: '微信', package_name: 'com.tencent.mm' }] };
  answerFetch(
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `${BASE}/app-restriction`) return Response.json(rule);
      if (url === `${BASE}/installed-app-list`) return Response.json([{ app_name: '支付宝', package_name: 'com.eg.android.AlipayGphone' }]);
      if (url === `${BASE}/system-restriction`) return Response.json({ restriction: {}, store_default: {}, diff_keys: [] });
      if (url === `${BASE}/operation/set-app-restriction` && init?.method === 'POST') {
        rule = JSON.parse(String(init.body));
        return Response.json({ operation_log_id: 'op-1', status: 0, replayed: false });
      }
      return new Response('', { status: 404 });
    }),
  );
});

const posts = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([u]) => u === `${BASE}/operation/set-app-restriction`)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

async function show(appCheck = allowed) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={client}>
        <RestrictionsTab device={DEVICE} systemCheck={appCheck} appCheck={appCheck} onSync={vi.fn()} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  await act(async () => {});
}

describe('appRuleValues', () => {
  it('drops the mode of a rule that is off', () => {
    expect(appRuleValues({ enable: false, mode: 1, list: [] })).toEqual({ enable: false, mode: undefined, list: [] });
    expect(appRuleValues({ enable: true, mode: 0, list: [] })).toEqual({ enable: true, mode: 0, list: [] });
  });
});

describe('RestrictionsTab app rule', { timeout: 30_000 }, () => {
  it('lists the phone’s rule from GET /{id}/app-restriction', async () => {
    await show();
    expect(await screen.findByText('当前：白名单（仅允许列表中的应用），共 1 个应用')).toBeTruthy();
    expect(screen.getByDisplayValue('com.tencent.mm')).toBeTruthy();
    expect(screen.getByText('允许的应用')).toBeTruthy();
  });

  it('sends the edited rule with set-app-restriction (reversible: no tick), then shows what the server stored', async () => {
    await show();
    await screen.findByDisplayValue('com.tencent.mm');
    const ruleForm = within(screen.getByDisplayValue('com.tencent.mm').closest('form')!);
    expect(ruleForm.queryByRole('checkbox', { name: /我确认/ })).toBeNull();
    fireEvent.click(ruleForm.getByRole('radio', { name: /黑名单/ }));
    fireEvent.click(ruleForm.getByRole('button', { name: '保存并下发' }));
    await waitFor(() => expect(posts()).toEqual([{ enable: true, mode: 0, list: [{ app_name: '微信', package_name: 'com.tencent.mm' }] }]));
    expect(await screen.findByText('当前：黑名单（禁止列表中的应用），共 1 个应用')).toBeTruthy();
  });

  it('shows the rule read-only without Eb7', async () => {
    await show({ allowed: false, permitted: false, reason: '没有权限' });
    await screen.findByDisplayValue('com.tencent.mm');
    expect(screen.queryByRole('button', { name: '保存并下发' })).toBeNull();
    expect((screen.getByDisplayValue('com.tencent.mm') as HTMLInputElement).disabled).toBe(true);
  });
});
