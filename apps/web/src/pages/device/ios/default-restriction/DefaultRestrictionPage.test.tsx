import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../../../api/user.ts';
import { admin, clerk } from '../../../../test/fixtures.ts';
import DefaultRestrictionPage from './DefaultRestrictionPage.tsx';
import { answerFetch } from '../../../../test/fakeNetwork.ts';

const saved = {
  system_restriction: { allowEraseContentAndSettings: false },
  app_restriction: { enable: true, type: 1, list: [{ app_name: '抖音', bundle_id: 'com.ss.iphone.ugc.Aweme' }] },
};

async function renderPage(user = admin()) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/store/default-restriction') return Response.json(saved);
    if (url === '/api/store/default-system-restriction' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { system_restriction: Record<string, boolean> };
      return Response.json({ ...saved, system_restriction: body.system_restriction });
    }
    return new Response('', { status: 404 });
  });
  answerFetch(fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQuery.queryKey, user);
  render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={client}>
        <DefaultRestrictionPage />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  await screen.findByText('禁止抹掉所有内容和设置');
  return fetchMock;
}

const switchOf = (label: string) => screen.getByRole('switch', { name: label });

// Some 20 antd switches with tooltips render slowly in happy-dom on a shared machine.
describe('DefaultRestrictionPage', { timeout: 30_000 }, () => {
  it('shows the catalogue grouped, with supervision tags, and the saved state', async () => {
    await renderPage();
    expect(screen.getByText('防丢与重置')).toBeTruthy();
    expect(screen.getAllByText('需监管').length).toBeGreaterThan(5);
    expect(switchOf('禁止抹掉所有内容和设置').getAttribute('aria-checked')).toBe('true');
    expect(switchOf('禁用相机').getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('com.ss.iphone.ugc.Aweme')).toBeTruthy();
  });

  it('lets an admin switch a restriction on and saves the restricted payload values', async () => {
    const fetchMock = await renderPage();
    fireEvent.click(switchOf('禁用相机'));
    fireEvent.click(screen.getByRole('button', { name: '保存系统限制' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/store/default-system-restriction')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/store/default-system-restriction')!;
    expect(JSON.parse(String(init!.body))).toEqual({ system_restriction: { allowEraseContentAndSettings: false, allowCamera: false } });
  });

  it('is read-only for a clerk who is not an admin', async () => {
    await renderPage(clerk());
    await act(async () => {});
    expect(screen.getByText('门店默认限制由管理员设置，你可以查看当前设置。')).toBeTruthy();
    expect((switchOf('禁用相机') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存系统限制' })).toBeNull();
    expect(screen.queryByRole('button', { name: '保存应用限制' })).toBeNull();
    expect(screen.queryByRole('button', { name: /添加应用/ })).toBeNull();
  });
});
