import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AbmStatus, ActivationLockStatus, type OneClickRunView, ONE_CLICK_STEPS, oneClickStepLabel } from '@lease/shared';
import type { CommandConfirmProps } from '../commands/CommandConfirmDialog.tsx';
import { ClearPasscodeDialog } from '../commands/CommandDialogs.tsx';
import { OneClickUnlockDialog } from './OneClickUnlockDialog.tsx';
import { currentStep } from './RunSteps.tsx';
import { AbmUnbindDialog, EraseDialog, RemoveMainProfileDialog, afterErase } from './ReleaseDialogs.tsx';
import { renderRoute } from '../../../../test/renderRoute.tsx';
import { answerFetch } from '../../../../test/fakeNetwork.ts';

const DEVICE = { id: '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b', model_name: 'iPhone 15', serial_number: 'F2LXK0ABCD12' };
const COMMAND = '/api/device/ios/command';

const screenSize = vi.hoisted(() => ({ phone: false }));
vi.mock('../../../../lib/useIsPhone.ts', () => ({ useIsPhone: () => screenSize.phone }));

type Api = (url: string, body: Record<string, unknown>) => Response | undefined;

/** serve answers the dialog's calls: the device detail, the SMS question, and whatever `api` knows. */
function renderDialog(Dialog: ComponentType<CommandConfirmProps>, api: Api = () => undefined, opts: { needSms?: boolean; detail?: object } = {}) {
  answerFetch(
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      const answer = api(url, body);
      if (answer) return answer;
      if (url.startsWith(`/api/device/ios/${DEVICE.id}?`))
        return Response.json({ ...DEVICE, os_version: '17.5', abm_status: 0, activation_lock_status: 0, ...opts.detail });
      if (url.startsWith('/api/system/check-need-sms-verify')) return Response.json({ need: opts.needSms ?? false });
      return Response.json({ operation_log_id: 'op-1', status: 0, replayed: false });
    }),
  );
  const onClose = vi.fn();
  const onDone = vi.fn();
  renderRoute({ path: '/', element: <Dialog device={DEVICE} onClose={onClose} onDone={onDone} /> }, { at: '/' });
  return { onClose, onDone };
}

const posts = (name: string) =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([url]) => url === `${COMMAND}/${name}`)
    .map(([, init]) => ({ body: JSON.parse(String(init?.body)), key: new Headers(init?.headers).get('Idempotency-Key') }));
const tick = (label: string) => fireEvent.click(screen.getByRole('checkbox', { name: label }));
const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

describe('EraseDialog', () => {
  it('needs the serial typed by hand, the password and the tick before it sends once with an Idempotency-Key', async () => {
    const { onClose } = renderDialog(EraseDialog);
    expect(await screen.findByText(/通过“返回服务”自动重新接入门店管理/)).toBeTruthy();
    type(/请输入序列号/, 'F2LXK0ABCD11');
    press('抹掉设备');
    expect(await screen.findByText('序列号不一致')).toBeTruthy();
    expect(await screen.findByText('请输入密码以确认身份')).toBeTruthy();
    expect(posts('erase')).toHaveLength(0);

    type(/请输入序列号/, 'f2lxk0abcd12');
    type('登录密码或二级密码', 'Passw0rd!x');
    tick('保留 eSIM 蜂窝数据套餐');
    tick('我已了解后果，确认抹掉此设备');
    press('抹掉设备');
    await waitFor(() => expect(posts('erase')).toHaveLength(1));
    expect(posts('erase')[0].body).toEqual({ device_id: DEVICE.id, password: 'Passw0rd!x', preserve_data_plan: true, disallow_proximity_setup: false });
    expect(posts('erase')[0].key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows a wrong password at its field and stays open', async () => {
    const { onClose } = renderDialog(EraseDialog, (url) =>
      url === `${COMMAND}/erase` ? Response.json({ statusCode: 403, code: 'SECPWD_MISMATCH', message: '密码错误' }, { status: 403 }) : undefined,
    );
    await screen.findByText(/返回服务/);
    type(/请输入序列号/, DEVICE.serial_number);
    type('登录密码或二级密码', 'Wrong#2026');
    tick('我已了解后果，确认抹掉此设备');
    press('抹掉设备');
    expect(await screen.findByText('密码错误')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for the SMS code when the store’s switch is on', async () => {
    renderDialog(EraseDialog, undefined, { needSms: true });
    expect(await screen.findByText('短信验证码')).toBeTruthy();
  });

  it('says what the erased phone does next', () => {
    expect(afterErase({ os_version: '17.0', abm_status: AbmStatus.NONE, activation_lock_status: ActivationLockStatus.OFF })).toContain('返回服务');
    expect(afterErase({ os_version: '16.7.2', abm_status: AbmStatus.PUSHED, activation_lock_status: ActivationLockStatus.OFF })).toContain(
      '通过设置助理自动重新接入',
    );
    expect(afterErase({ os_version: '16.7.2', abm_status: AbmStatus.NONE, activation_lock_status: ActivationLockStatus.OFF })).toContain('将脱离门店管理');
    expect(afterErase({ os_version: '18.1', abm_status: AbmStatus.NONE, activation_lock_status: ActivationLockStatus.ON })).toContain('需先输入激活锁密码');
  });
});

describe('ClearPasscodeDialog', () => {
  it('sends the SMS code with the password when the store’s switch is on', async () => {
    renderDialog(ClearPasscodeDialog, undefined, { needSms: true });
    await screen.findByText('短信验证码');
    type('登录密码或二级密码', 'Passw0rd!x');
    fireEvent.change(screen.getByPlaceholderText('6 位数字验证码'), { target: { value: '123456' } });
    press('清除密码');
    await waitFor(() => expect(posts('clear-passcode')).toHaveLength(1));
    expect(posts('clear-passcode')[0].body).toEqual({ device_id: DEVICE.id, password: 'Passw0rd!x', sms_code: '123456' });
  });
});

describe('RemoveMainProfileDialog and AbmUnbindDialog', () => {
  it('removes the main profile with the password after the tick', async () => {
    renderDialog(RemoveMainProfileDialog);
    expect(screen.getByText(/设备上租机人的数据保留，占用的设备名额随之释放/)).toBeTruthy();
    type('登录密码或二级密码', 'Passw0rd!x');
    tick('我确认租机人已结清，移除此设备的管理');
    press('移除管理');
    await waitFor(() => expect(posts('remove-main-profile')).toHaveLength(1));
    expect(posts('remove-main-profile')[0].body).toEqual({ device_id: DEVICE.id, password: 'Passw0rd!x' });
  });

  it('shows Apple’s refusal of an ABM unbind in the dialog', async () => {
    const refusal = 'Apple 返回 NOT_ACCESSIBLE：该序列号不在门店的 ABM 账户中，或门店无权操作';
    renderDialog(AbmUnbindDialog, (url) =>
      url === `${COMMAND}/abm-unbind` ? Response.json({ operation_log_id: 'op-2', status: 3, replayed: false, result: refusal }) : undefined,
    );
    type('登录密码或二级密码', 'Passw0rd!x');
    tick('我确认从门店的 ABM 中释放此设备');
    press('解除绑定');
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByText('Apple 未能解除绑定')).toBeTruthy();
  });
});

describe('OneClickUnlockDialog', () => {
  const preStep = (step: (typeof ONE_CLICK_STEPS)[number], verdict: string, reason: string | null = null) => ({
    step,
    label: oneClickStepLabel[step],
    verdict,
    reason,
  });
  const prevalidation = (mode: string, blocked = false) => ({
    ok: !blocked,
    mode,
    steps: [
      preStep('device_unlock', 'run'),
      preStep('set_system_restriction', 'skip', '设备未设置系统限制'),
      preStep('turn_off_activation_lock', 'skip', '设备未开启激活锁'),
      blocked ? preStep('abm_unbind', 'cannot', '门店未配置 ABM（Apple 商务管理）服务器令牌') : preStep('abm_unbind', 'run'),
      mode === 'erase' ? preStep('remove_main_profile', 'skip', '已选择抹掉设备') : preStep('remove_main_profile', 'run'),
      mode === 'erase' ? preStep('erase_device', 'run') : preStep('erase_device', 'skip', '已选择保留数据'),
      preStep('move_in_recycle_bin', 'run'),
    ],
  });
  const runOf = (status: OneClickRunView['status'], states: string[], reasons: (string | null)[] = []): OneClickRunView => ({
    id: 'run-1',
    device_id: DEVICE.id,
    mode: 'keep-data',
    status,
    operation_log_id: 'op-run',
    date_created: '2026-03-01T10:00:00Z',
    date_updated: '2026-03-01T10:00:00Z',
    steps: ONE_CLICK_STEPS.map((step, i) => ({
      step,
      label: oneClickStepLabel[step],
      status: states[i] as 'pending',
      operation_log_id: null,
      reason: reasons[i] ?? null,
      started_at: null,
      finished_at: null,
    })),
  });

  it('shows the prevalidation per mode and blocks the start when a step cannot run', async () => {
    renderDialog(OneClickUnlockDialog, (url, body) => {
      if (url === `${COMMAND}/one-click-unlock-status`) return Response.json({ run: null });
      if (url === `${COMMAND}/one-click-unlock-prevalidation`) return Response.json(prevalidation(String(body.mode), body.mode === 'keep-data'));
      return undefined;
    });
    expect(await screen.findByText('门店未配置 ABM（Apple 商务管理）服务器令牌')).toBeTruthy();
    expect(screen.getByText(/有步骤无法执行/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '开始结清释放' })).toHaveProperty('disabled', true);
    expect(screen.queryByLabelText('登录密码或二级密码')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: '抹掉设备，恢复出厂' }));
    expect(await screen.findByText('已选择抹掉设备')).toBeTruthy();
    expect(screen.getByRole('button', { name: '开始结清释放' })).toHaveProperty('disabled', false);
    expect(posts('one-click-unlock-prevalidation').map((p) => p.body.mode)).toEqual(['keep-data', 'erase']);
  });

  it('starts with the password, then shows the steps as they finish', async () => {
    let reads = 0;
    const states = [
      ['running', 'skipped', 'skipped', 'pending', 'pending', 'skipped', 'pending'],
      ['done', 'skipped', 'skipped', 'done', 'done', 'skipped', 'done'],
    ];
    renderDialog(OneClickUnlockDialog, (url, body) => {
      if (url === `${COMMAND}/one-click-unlock-status`) {
        reads += 1;
        return Response.json({ run: reads === 1 ? null : runOf(reads === 2 ? 'running' : 'done', states[reads === 2 ? 0 : 1]) });
      }
      if (url === `${COMMAND}/one-click-unlock-prevalidation`) return Response.json(prevalidation(String(body.mode)));
      if (url === `${COMMAND}/one-click-unlock`) return Response.json({ run: runOf('running', states[0]) });
      return undefined;
    });
    await screen.findByText('设备未设置系统限制');
    type('登录密码或二级密码', 'Passw0rd!x');
    tick('我确认租机人已结清，释放此设备');
    press('开始结清释放');
    await waitFor(() => expect(posts('one-click-unlock')).toHaveLength(1));
    expect(posts('one-click-unlock')[0].body).toEqual({ device_id: DEVICE.id, mode: 'keep-data', password: 'Passw0rd!x' });
    expect(posts('one-click-unlock')[0].key).toBeTruthy();
    expect(await screen.findByText('关闭（后台继续执行）')).toBeTruthy();
    expect(screen.getAllByText('执行中').length).toBeGreaterThan(0);
    // The dialog polls while the run is running; the next read says it is done.
    expect(await screen.findByText('结清释放已完成，设备已释放。', undefined, { timeout: 4000 })).toBeTruthy();
  });

  it('opens on a failed run with its reason and resumes it with the password', async () => {
    const failed = runOf(
      'failed',
      ['done', 'skipped', 'skipped', 'done', 'skipped', 'failed', 'pending'],
      [null, null, null, null, null, '设备执行失败：设备忙，无法抹掉'],
    );
    renderDialog(OneClickUnlockDialog, (url) => {
      if (url === `${COMMAND}/one-click-unlock-status`) return Response.json({ run: failed });
      if (url === `${COMMAND}/one-click-unlock-resume`) return Response.json({ run: { ...failed, status: 'running' } });
      return undefined;
    });
    const alert = await screen.findByText('「抹掉设备」失败');
    expect(within(alert.closest('.ant-alert') as HTMLElement).getByText(/设备忙，无法抹掉/)).toBeTruthy();
    press(/继\s*续/);
    expect(await screen.findByText('请输入密码以确认身份')).toBeTruthy();
    type('登录密码或二级密码', 'Passw0rd!x');
    press(/继\s*续/);
    await waitFor(() => expect(posts('one-click-unlock-resume')).toHaveLength(1));
    expect(posts('one-click-unlock-resume')[0].body).toEqual({ device_id: DEVICE.id, password: 'Passw0rd!x' });
    await act(async () => {});
  });

  it('is called 结清释放, keeps its footer outside the scrolling body, and stacks the pre-check as cards on a phone', async () => {
    screenSize.phone = true;
    try {
      renderDialog(OneClickUnlockDialog, (url, body) => {
        if (url === `${COMMAND}/one-click-unlock-status`) return Response.json({ run: null });
        if (url === `${COMMAND}/one-click-unlock-prevalidation`) return Response.json(prevalidation(String(body.mode)));
        return undefined;
      });
      const cards = await screen.findByTestId('prevalidation-cards');
      expect(within(cards).getByText('设备未设置系统限制')).toBeTruthy();
      expect(document.querySelector('.ant-table')).toBeNull();
      const dialog = screen.getByRole('dialog');
      expect(within(dialog).getByText(/^结清释放 · /)).toBeTruthy();
      const body = dialog.querySelector('.ant-modal-body') as HTMLElement;
      expect(body.style.overflowY).toBe('auto');
      expect(body.style.maxHeight).toContain('100dvh');
      expect(body.contains(screen.getByRole('button', { name: '开始结清释放' }))).toBe(false);
    } finally {
      screenSize.phone = false;
    }
  });

  it('marks no finished or skipped step as the current one', () => {
    expect(currentStep(runOf('done', ['done', 'skipped', 'skipped', 'done', 'done', 'skipped', 'done']))).toBe(7);
    expect(currentStep(runOf('running', ['skipped', 'done', 'running', 'pending', 'pending', 'skipped', 'pending']))).toBe(2);
  });
});
