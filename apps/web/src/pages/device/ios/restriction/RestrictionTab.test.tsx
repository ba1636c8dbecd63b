import { EnrollmentStatus, type IosDeviceDetail, LockStatus, Perm, RecycledStatus } from '@lease/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { describe, expect, it, vi } from 'vitest';
import { stateOf } from './restrictionState.fixture.ts';
import { RestrictionTab } from './RestrictionTab.tsx';
import { answerFetch } from '../../../../test/fakeNetwork.ts';

const DEVICE = {
  id: '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b',
  enrollment_status: EnrollmentStatus.ENROLLED,
  lock_status: LockStatus.UNLOCKED,
  recycled_status: RecycledStatus.ACTIVE,
  system_restriction: { allowEnterpriseAppTrust: false, allowCamera: false },
} as unknown as IosDeviceDetail;

describe('RestrictionTab', () => {
  it('shows what is on the phone against what was asked, the trust countdown, and opens the dialogs', async () => {
    const until = new Date(Date.now() + 10 * 60_000).toISOString();
    const state = stateOf({
      requested: { ...stateOf().requested, system_restriction: DEVICE.system_restriction, enterprise_app_trust_until: until },
      desired_payload: { allowCamera: false, allowEnterpriseAppTrust: true, forceWiFiPowerOn: true },
      installed_payload: { allowCamera: false, allowEnterpriseAppTrust: false },
      in_sync: false,
      pending: { operation_log_id: 'op', action: 'temporary-allow-enterprise-app-trust', status: 1, date_created: '' },
      diff_system_restriction_keys: ['allowCamera'],
    });
    answerFetch(vi.fn(async () => Response.json(state)));
    const onCommand = vi.fn();
    render(
      <ConfigProvider locale={zhCN}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RestrictionTab device={DEVICE} perms={[Perm.APPLE_SET_SYSTEM_RESTRICTION]} onCommand={onCommand} />
        </QueryClientProvider>
      </ConfigProvider>,
    );
    expect(await screen.findByText(/有限制设置正在下发/)).toBeTruthy();
    expect(screen.getByText(/临时允许信任企业级应用：剩余 (09|10):\d\d/)).toBeTruthy();
    expect(screen.getByText('禁用相机').closest('tr')!.textContent).toContain('已生效');
    expect(screen.getByText('禁用相机').closest('tr')!.textContent).toContain('与门店默认不同');
    expect(screen.getByText('强制保持 Wi-Fi 开启').closest('tr')!.textContent).toContain('下发中');
    expect(screen.getByText('禁止信任企业级应用').closest('tr')!.textContent).toContain('移除中');
    // Ab10 is missing: 应用限制 is not offered at all.
    expect(screen.queryByRole('button', { name: '应用限制' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '临时信任企业应用' }));
    expect(onCommand).toHaveBeenCalledWith('temporary-allow-enterprise-app-trust');
  });
});
