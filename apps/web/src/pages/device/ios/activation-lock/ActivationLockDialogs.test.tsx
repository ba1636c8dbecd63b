import type { ActivationLockState } from '@lease/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CommandConfirmProps } from '../commands/CommandConfirmDialog.tsx';
import { ActivationLockPasswordDialog, TurnOffActivationLockDialog, TurnOnActivationLockDialog } from './ActivationLockDialogs.tsx';
import { ABM_TOKEN_PATH } from './SensitiveLockDialog.tsx';
import { renderRoute, commandPosts } from '../../../../test/renderRoute.tsx';
import { answerFetch } from '../../../../test/fakeNetwork.ts';

const DEVICE = { id: '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b', model_name: 'iPhone 15', serial_number: 'F2LXK0ABCD12' };
const CODE = '3UM43-PUYVY-QYD1-UVCC-HEHJ-FKA4';
const READY: ActivationLockState = {
  activation_lock_status: 1,
  server_code: true,
  device_code: false,
  device_reports_enabled: null,
  cannot_turn_on: null,
  cannot_turn_off: null,
  cannot_get_password: null,
  abm_missing: false,
};

interface Fake {
  state?: Partial<ActivationLockState>;
  needSms?: boolean;
  /** The answer of the command itself. */
  answer?: () => Response;
}

function renderDialog(Dialog: ComponentType<CommandConfirmProps>, fake: Fake = {}) {
  answerFetch(
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/device/ios/helper/activation-lock')) return Response.json({ ...READY, ...fake.state });
      if (url.startsWith('/api/system/check-need-sms-verify')) return Response.json({ need: fake.needSms ?? false });
      if (url.startsWith('/api/device/ios/command/'))
        return fake.answer?.() ?? Response.json({ operation_log_id: 'op-1', status: 2, replayed: false, result: 'Apple 已为设备开启激活锁' });
      return new Response('', { status: 404 });
    }),
  );
  const onClose = vi.fn();
  renderRoute({ path: '/', element: <Dialog device={DEVICE} onClose={onClose} /> }, { at: '/' });
  return { onClose };
}

const posts = (name: string) => commandPosts(vi.mocked(fetch), name);
const typePassword = async (value = 'Passw0rd!x') => fireEvent.change(await screen.findByLabelText('登录密码或二级密码'), { target: { value } });
const ok = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('TurnOnActivationLockDialog', () => {
  it('says what the lock does, asks the password and the tick, and sends once with an Idempotency-Key', async () => {
    const { onClose } = renderDialog(TurnOnActivationLockDialog);
    expect(screen.getByText(/必须输入本系统保存的激活锁密码才能重新激活/)).toBeTruthy();
    await typePassword();
    expect(screen.queryByRole('checkbox')).toBeNull();
    ok('开启激活锁');
    await waitFor(() => expect(posts('turn-on-activation-lock')).toHaveLength(1));
    expect(posts('turn-on-activation-lock')[0].body).toEqual({ device_id: DEVICE.id, password: 'Passw0rd!x' });
    expect(posts('turn-on-activation-lock')[0].key).toBeTruthy();
    expect(await screen.findByText('Apple 已为设备开启激活锁')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('tells a store without an ABM token where to upload one, and offers no form', async () => {
    renderDialog(TurnOnActivationLockDialog, { state: { cannot_turn_on: '门店尚未配置 ABM 令牌（Apple 商务管理），无法开启激活锁。', abm_missing: true } });
    expect(await screen.findByText(/门店尚未配置 ABM 令牌/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /更新 ABM 令牌/ }).getAttribute('href')).toBe(ABM_TOKEN_PATH);
    expect(screen.queryByLabelText('登录密码或二级密码')).toBeNull();
    expect(screen.getByRole('button', { name: '开启激活锁' }).hasAttribute('disabled')).toBe(true);
  });

  it("asks for an SMS code when the store's switch is on, and sends it", async () => {
    renderDialog(TurnOnActivationLockDialog, { needSms: true });
    await typePassword();
    fireEvent.change(await screen.findByPlaceholderText('6 位数字验证码'), { target: { value: '123456' } });
    ok('开启激活锁');
    await waitFor(() => expect(posts('turn-on-activation-lock')).toHaveLength(1));
    expect(posts('turn-on-activation-lock')[0].body).toEqual({ device_id: DEVICE.id, password: 'Passw0rd!x', sms_code: '123456' });
  });

  it('shows a wrong password at its field and stays open', async () => {
    const { onClose } = renderDialog(TurnOnActivationLockDialog, {
      answer: () => Response.json({ statusCode: 403, code: 'SECPWD_MISMATCH', message: '密码错误' }, { status: 403 }),
    });
    await typePassword('nope-nope');
    ok('开启激活锁');
    expect(await screen.findByText('密码错误')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('TurnOffActivationLockDialog', () => {
  it("shows Apple's refusal in the dialog", async () => {
    const { onClose } = renderDialog(TurnOffActivationLockDialog, {
      answer: () => Response.json({ operation_log_id: 'op-2', status: 3, replayed: false, result: 'Apple 拒绝：绕过码与 Apple 的记录不符' }),
    });
    expect(screen.getByText(/请确认租机人已结清或设备已收回/)).toBeTruthy();
    await typePassword();
    ok('关闭激活锁');
    expect(await screen.findByText('Apple 未完成此操作')).toBeTruthy();
    expect(screen.getByText('Apple 拒绝：绕过码与 Apple 的记录不符')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('explains a lock set with 查找 that the server holds no code for', async () => {
    renderDialog(TurnOffActivationLockDialog, {
      state: { server_code: false, cannot_turn_off: '设备的激活锁由租机人的 Apple 账户（「查找」）开启，服务器没有可用的绕过码。' },
    });
    expect(await screen.findByText(/由租机人的 Apple 账户（「查找」）开启/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('ActivationLockPasswordDialog', () => {
  it('shows the code with a copy button once the password is confirmed', async () => {
    renderDialog(ActivationLockPasswordDialog, { answer: () => Response.json({ activation_lock_password: CODE, source: 'server' }) });
    await typePassword();
    expect(screen.queryByRole('checkbox')).toBeNull();
    ok('查看密码');
    expect((await screen.findByTestId('activation-lock-password')).textContent).toContain(CODE);
    expect(screen.getByText('服务器开启激活锁时生成的密码')).toBeTruthy();
    expect(screen.getByRole('button', { name: /复制/ })).toBeTruthy();
    expect(posts('get-activation-lock-password')[0].body).toEqual({ device_id: DEVICE.id, password: 'Passw0rd!x' });
  });
});
