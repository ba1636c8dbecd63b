import { describe, expect, it } from 'vitest';
import { type OsUpdateProgress, OsUpdateStatus, stillApplies } from '@lease/shared';
import { describeProgress, fromScheduleResult, fromStatusAnswer, readAvailableUpdates } from './os-update-answers.ts';

const now = new Date('2026-03-01T08:00:00Z');
const requested = { product_key: 'iOSUpdate22B91', version: '18.1.1', install_action: 'InstallASAP' as const };
const progress = (phase: OsUpdateProgress['phase'], install_action: OsUpdateProgress['install_action'] = 'InstallASAP'): OsUpdateProgress => ({
  ...requested,
  install_action,
  phase,
  percent: 50,
  updated_at: now.toISOString(),
});

describe('readAvailableUpdates', () => {
  it('keeps Apple’s keys of well-formed items and drops the rest', () => {
    const updates = readAvailableUpdates({
      AvailableOSUpdates: [
        {
          ProductKey: 'iOSUpdate22B91',
          HumanReadableName: 'iOS 18.1.1',
          Version: '18.1.1',
          Build: '22B91',
          DownloadSize: 520_000_000,
          IsCritical: true,
          IsSecurityResponse: false,
          MetadataURL: 'x',
        },
        { HumanReadableName: 'no key', Version: '18.2' },
        'junk',
      ],
    });
    expect(updates).toEqual([
      {
        ProductKey: 'iOSUpdate22B91',
        HumanReadableName: 'iOS 18.1.1',
        Version: '18.1.1',
        Build: '22B91',
        DownloadSize: 520_000_000,
        IsCritical: true,
        IsSecurityResponse: false,
      },
    ]);
  });

  it('counts newer releases and Rapid Security Responses for the running version as needed', () => {
    expect(stillApplies({ Version: '17.6.1' }, '17.5.1')).toBe(true);
    expect(stillApplies({ Version: '17.10' }, '17.9')).toBe(true);
    expect(stillApplies({ Version: '17.5.1' }, '17.5.1')).toBe(false);
    expect(stillApplies({ Version: '17.5.1', IsSecurityResponse: true }, '17.5.1')).toBe(true);
    expect(stillApplies({ Version: '17.4', IsSecurityResponse: true }, '17.5.1')).toBe(false);
  });
});

describe('fromScheduleResult', () => {
  it('reads a refusal item with Apple’s reason', () => {
    const state = fromScheduleResult(
      {
        ProductKey: 'iOSUpdate22B91',
        InstallAction: 'Error',
        Status: 'Idle',
        ErrorChain: [{ ErrorCode: 12048, ErrorDomain: 'MCMDMErrorDomain', LocalizedDescription: 'No update' }],
      },
      requested,
      now,
    );
    expect(state).toMatchObject({
      status: OsUpdateStatus.FAILED,
      poll: false,
      progress: { phase: 'failed', message: '设备无法安排此更新：No update（MCMDMErrorDomain 12048）' },
    });
  });

  it('starts polling when the phone downloads, or waits when it is idle', () => {
    expect(fromScheduleResult({ ProductKey: 'iOSUpdate22B91', InstallAction: 'InstallASAP', Status: 'Downloading' }, requested, now)).toMatchObject({
      status: OsUpdateStatus.DOWNLOADING,
      poll: true,
      progress: { phase: 'downloading', percent: 0 },
    });
    expect(fromScheduleResult({ ProductKey: 'iOSUpdate22B91', InstallAction: 'DownloadOnly', Status: 'Idle' }, requested, now)).toMatchObject({
      poll: true,
      progress: { phase: 'waiting' },
    });
  });
});

describe('fromStatusAnswer', () => {
  it('reads the download percentage and the downloaded state', () => {
    const item = { ProductKey: 'iOSUpdate22B91', IsDownloaded: false, DownloadPercentComplete: 0.374, Status: 'Downloading' };
    expect(fromStatusAnswer({ OSUpdateStatus: [item] }, progress('downloading'), now)).toMatchObject({
      status: OsUpdateStatus.DOWNLOADING,
      progress: { percent: 37, version: '18.1.1' },
    });
    const done = fromStatusAnswer(
      { OSUpdateStatus: [{ ...item, IsDownloaded: true, DownloadPercentComplete: 1, Status: 'Idle' }] },
      progress('downloading', 'DownloadOnly'),
      now,
    );
    expect(done).toMatchObject({ status: OsUpdateStatus.DOWNLOADED, poll: false, progress: { phase: 'downloaded', percent: 100 } });
  });

  it('takes an empty answer after an install as the restart onto the new system, to be confirmed', () => {
    expect(fromStatusAnswer({ OSUpdateStatus: [] }, progress('installing'), now)).toMatchObject({
      status: OsUpdateStatus.INSTALLING,
      poll: true,
      progress: { phase: 'verifying' },
    });
    // A phone may download, install and restart between two polls.
    expect(fromStatusAnswer({ OSUpdateStatus: [] }, progress('downloading'), now).progress?.phase).toBe('verifying');
  });

  it('takes an empty answer during a download-only as a dropped update, and nothing scheduled as idle', () => {
    expect(fromStatusAnswer({ OSUpdateStatus: [] }, progress('downloading', 'DownloadOnly'), now)).toMatchObject({
      status: OsUpdateStatus.FAILED,
      poll: false,
    });
    expect(fromStatusAnswer({ OSUpdateStatus: [] }, null, now)).toEqual({ status: OsUpdateStatus.IDLE, progress: null, poll: false });
    expect(fromStatusAnswer({ OSUpdateStatus: [] }, progress('installed'), now)).toMatchObject({
      status: OsUpdateStatus.IDLE,
      poll: false,
      progress: { phase: 'installed' },
    });
  });

  it('words the result for the operation log', () => {
    expect(describeProgress(progress('downloading'))).toBe('iOS 18.1.1：下载中 50%');
    expect(describeProgress(null)).toBe('设备上没有进行中的系统更新');
  });
});
