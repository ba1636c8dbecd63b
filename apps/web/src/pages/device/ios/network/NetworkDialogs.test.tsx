import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { admin, clerk } from '../../../../test/fixtures.ts';
import type { CommandConfirmProps } from '../commands/CommandConfirmDialog.tsx';
import { QUEUED_TEXT } from '../commands/useDeviceCommand.ts';
import { ClearDnsDialog, DnsDialog, toDnsRequest } from './DnsDialogs.tsx';
import { PROXY_CONFIG_PATH, RemoveGlobalProxyDialog, SetGlobalProxyDialog } from './GlobalProxyDialogs.tsx';
import { renderRoute, commandPosts } from '../../../../test/renderRoute.tsx';
import { answerFetch } from '../../../../test/fakeNetwork.ts';

const DEVICE = { id: '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b', model_name: 'iPhone 15', serial_number: 'F2LXK0ABCD12' };
const PAC = 'https://pac.example.com/proxy.pac';

function renderDialog(Dialog: ComponentType<CommandConfirmProps>, api: (url: string) => Response | undefined, user = admin()) {
  answerFetch(vi.fn(async (url: string) => api(url) ?? Response.json({ operation_log_id: 'op-1', status: 0, replayed: false })));
  const onClose = vi.fn();
  renderRoute({ path: '/', element: <Dialog device={DEVICE} onClose={onClose} /> }, { at: '/', user });
  return { onClose };
}

const posts = (name: string) => commandPosts(vi.mocked(fetch), name);
const pac = (url: string | null) => (u: string) => (u === '/api/store/global-http-proxy' ? Response.json({ pac_url: url }) : undefined);

describe('SetGlobalProxyDialog', () => {
  it('shows the store’s PAC URL and sends the device once with an Idempotency-Key', async () => {
    const { onClose } = renderDialog(SetGlobalProxyDialog, pac(PAC));
    expect(await screen.findByText(PAC)).toBeTruthy();
    expect(screen.getByText(/PAC 文件无法访问时设备直接联网/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '设置代理' }));
    await waitFor(() => expect(posts('set-global-http-proxy')).toHaveLength(1));
    expect(posts('set-global-http-proxy')[0].body).toEqual({ device_id: DEVICE.id });
    expect(posts('set-global-http-proxy')[0].key).toBeTruthy();
    expect(await screen.findByText(QUEUED_TEXT)).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('sends an admin to 门店设置 when the store has no PAC URL yet', async () => {
    renderDialog(SetGlobalProxyDialog, pac(null));
    expect(await screen.findByText('门店尚未设置全局代理的 PAC 地址')).toBeTruthy();
    expect(screen.getByRole('link', { name: '门店设置 › 全局代理' }).getAttribute('href')).toBe(PROXY_CONFIG_PATH);
    expect(screen.queryByRole('button', { name: '设置代理' })).toBeNull();
  });

  it('tells a clerk to ask the admin, with no link they could not follow', async () => {
    renderDialog(SetGlobalProxyDialog, pac(null), clerk());
    expect(await screen.findByText(/请联系门店管理员/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('RemoveGlobalProxyDialog and ClearDnsDialog', () => {
  it('remove the profile after the tick', async () => {
    renderDialog(RemoveGlobalProxyDialog, () => undefined);
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '移除代理' }));
    await waitFor(() => expect(posts('remove-global-http-proxy')).toHaveLength(1));
  });

  it('clear DNS after the tick', async () => {
    renderDialog(ClearDnsDialog, () => undefined);
    fireEvent.click(screen.getByRole('button', { name: '清除 DNS' }));
    await waitFor(() => expect(posts('clear-dns-setting')).toEqual([expect.objectContaining({ body: { device_id: DEVICE.id } })]));
  });
});

describe('DnsDialog', () => {
  it('asks DoH for an https URL and refuses a bad IP, sending nothing', async () => {
    renderDialog(DnsDialog, () => undefined);
    fireEvent.change(screen.getByPlaceholderText('如 https://dns.alidns.com/dns-query'), { target: { value: 'http://dns.example.com' } });
    const ips = screen.getByRole('combobox');
    fireEvent.change(ips, { target: { value: '300.1.1.1' } });
    fireEvent.keyDown(ips, { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: '设置 DNS' }));
    expect(await screen.findByText('服务器地址须为 https:// 开头的完整网址')).toBeTruthy();
    expect(await screen.findByText('“300.1.1.1”不是有效的 IP 地址')).toBeTruthy();
    expect(posts('set-dns-setting')).toHaveLength(0);
  });

  it('sends DoT with its server name and addresses', async () => {
    renderDialog(DnsDialog, () => undefined);
    fireEvent.click(screen.getByRole('radio', { name: 'DNS over TLS（DoT）' }));
    await act(async () => {});
    fireEvent.change(await screen.findByPlaceholderText('如 dot.pub'), { target: { value: ' dot.pub ' } });
    const ips = screen.getByRole('combobox');
    for (const ip of ['1.12.12.12', '2402:4e00::']) {
      fireEvent.change(ips, { target: { value: ip } });
      fireEvent.keyDown(ips, { key: 'Enter', code: 'Enter' });
    }
    fireEvent.click(screen.getByRole('button', { name: '设置 DNS' }));
    await waitFor(() => expect(posts('set-dns-setting')).toHaveLength(1));
    expect(posts('set-dns-setting')[0].body).toEqual({
      device_id: DEVICE.id,
      protocol: 'TLS',
      server_name: 'dot.pub',
      server_addresses: ['1.12.12.12', '2402:4e00::'],
    });
  });

  it('sends only the chosen protocol’s server field', () => {
    const both = { server_url: 'https://x.example/dns-query', server_name: 'dot.pub', server_addresses: [' 1.1.1.1 ', ''] };
    expect(toDnsRequest('d', { protocol: 'HTTPS', ...both })).toEqual({
      device_id: 'd',
      protocol: 'HTTPS',
      server_url: 'https://x.example/dns-query',
      server_addresses: ['1.1.1.1'],
    });
    expect(toDnsRequest('d', { protocol: 'TLS', ...both })).toEqual({ device_id: 'd', protocol: 'TLS', server_name: 'dot.pub', server_addresses: ['1.1.1.1'] });
  });
});
