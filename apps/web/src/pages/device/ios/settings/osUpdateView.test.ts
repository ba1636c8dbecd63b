import { describe, expect, it } from 'vitest';
import type { IosOsUpdateInfo, OsUpdateProgress } from '@lease/shared';
import { deadlineText, deferralModeOf, deferralRequest, deferralText, installStateText, listSourceText } from './osUpdateView.ts';

const progress = (over: Partial<OsUpdateProgress> = {}): OsUpdateProgress => ({
  product_key: 'iOSUpdate22G100',
  version: '18.6.2',
  install_action: 'InstallASAP',
  phase: 'downloading',
  percent: null,
  updated_at: '2026-03-01T08:00:00Z',
  path: 'ddm',
  deadline: '2026-03-01T16:30:00',
  ...over,
});
const deferral = (over: Partial<IosOsUpdateInfo['deferral']> = {}): IosOsUpdateInfo['deferral'] => ({
  store_days: 30,
  follow_store: true,
  device_days: null,
  effective_days: 30,
  applies: true,
  note: '新版本发布 30 天后才会出现在设备上',
  ...over,
});

describe('deadlineText', () => {
  it('names the deadline of a declared update in Beijing time, per action', () => {
    expect(deadlineText(progress())).toBe('下载完成后安装，最迟 2026-03-01 16:30（北京时间）自动安装');
    expect(deadlineText(progress({ install_action: 'DownloadOnly', deadline: '2026-03-08T16:00:00' }))).toBe(
      '设备现在下载，租机人可随时安装；2026-03-08 16:00（北京时间）起自动安装',
    );
  });
  it('has nothing to say on the command path, without a deadline, or once installed', () => {
    expect(deadlineText(progress({ path: undefined }))).toBeNull();
    expect(deadlineText(progress({ deadline: undefined }))).toBeNull();
    expect(deadlineText(progress({ phase: 'installed' }))).toBeNull();
    expect(deadlineText(null)).toBeNull();
  });
});

describe('deferral', () => {
  it('words the hold-back in force and why a phone ignores it', () => {
    expect(deferralText(deferral())).toBe('延迟 30 天（跟随门店）');
    expect(deferralText(deferral({ follow_store: false, device_days: 10, effective_days: 10 }))).toBe('延迟 10 天（此设备单独设置）');
    expect(deferralText(deferral({ effective_days: null, store_days: null }))).toBe('不延迟（跟随门店）');
    expect(deferralText(deferral({ applies: false, note: '延迟更新需要 iOS 18 或更高版本（此设备为 iOS 17.7）' }))).toBe(
      '延迟 30 天（跟随门店），延迟更新需要 iOS 18 或更高版本（此设备为 iOS 17.7）',
    );
  });
  it('maps the per-phone choice to the request and back', () => {
    expect(deferralModeOf({ follow_store: true, device_days: 5 })).toBe('store');
    expect(deferralModeOf({ follow_store: false, device_days: null })).toBe('off');
    expect(deferralModeOf({ follow_store: false, device_days: 12 })).toBe('days');
    expect(deferralRequest('store', 12)).toEqual({ follow_store: true, deferral_days: null });
    expect(deferralRequest('off', 12)).toEqual({ follow_store: false, deferral_days: null });
    expect(deferralRequest('days', 12)).toEqual({ follow_store: false, deferral_days: 12 });
  });
});

describe('status and source', () => {
  it('shows the reported install state with the pending version and the failure', () => {
    expect(installStateText({ install_state: null, pending_version: null, failure_reason: null })).toBe('设备尚未上报');
    expect(installStateText({ install_state: 'downloading', pending_version: '18.6.2', failure_reason: null })).toBe('下载中，待装 iOS 18.6.2');
    expect(installStateText({ install_state: 'failed', pending_version: null, failure_reason: 'Not enough storage' })).toBe('更新失败，Not enough storage');
  });
  it('flags the offline list', () => {
    expect(listSourceText({ live: false, label: '离线版本列表（未连接 Apple 服务）', fetched_at: null })).toEqual({
      text: '离线版本列表（未连接 Apple 服务）',
      offline: true,
    });
    expect(listSourceText({ live: true, label: 'Apple 软件查询服务', fetched_at: '2026-03-01T08:00:00Z' })?.offline).toBe(false);
    expect(listSourceText(null)).toBeNull();
  });
});
