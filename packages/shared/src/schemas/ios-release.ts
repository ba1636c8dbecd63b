import { z } from 'zod';
import { deviceIdBody } from './ios-device.ts';
import { sensitiveProof } from './store.ts';

/*
 * Releasing an Apple device (spec §7 erase, abm-unbind, remove-main-profile, one-click-unlock): each is a
 * sensitive action (DESIGN §4), so every body carries the caller's password, and an SMS code when the store's
 * switch is on.
 */

/** POST /api/device/ios/command/abm-unbind and /remove-main-profile. */
export const iosReleaseRequest = deviceIdBody.extend(sensitiveProof.shape);
export type IosReleaseRequest = z.infer<typeof iosReleaseRequest>;

/**
 * POST /api/device/ios/command/erase. Apple's EraseDevice options: keep the eSIM data plan, and skip
 * Proximity Setup (a nearby iPhone copying its settings onto the erased phone) on the next start.
 */
export const iosEraseRequest = iosReleaseRequest.extend({
  preserve_data_plan: z.boolean({ error: '“保留蜂窝数据套餐”应为是或否' }).default(false),
  disallow_proximity_setup: z.boolean({ error: '“禁止快速开始”应为是或否' }).default(false),
});
export type IosEraseRequest = z.infer<typeof iosEraseRequest>;

/**
 * OneClickStep: the steps of one-click unlock (spec §5), in the order a run executes them, the order that works on
 * a real phone:
 * 1. device_unlock (DisableLostMode) and 2. set_system_restriction (lift all) need MDM, so they go first, and a run
 *    stopped later still leaves the hirer a usable phone;
 * 3. turn_off_activation_lock before any erase: Activation Lock survives an erase and would hold the phone at its
 *    lock screen;
 * 4. abm_unbind before the phone leaves: once disowned, an erased phone no longer re-enrols through Setup
 *    Assistant. Both web-service steps come before the irreversible step, so if one fails the phone is still
 *    managed and the run can resume;
 * 5. remove_main_profile (the hirer keeps the data) or 6. erase_device (no Return to Service): ends management,
 *    so it is the last MDM step;
 * 7. move_in_recycle_bin: the store's own bookkeeping, no phone involved.
 */
export const ONE_CLICK_STEPS = [
  'device_unlock',
  'set_system_restriction',
  'turn_off_activation_lock',
  'abm_unbind',
  'remove_main_profile',
  'erase_device',
  'move_in_recycle_bin',
] as const;
export type OneClickStep = (typeof ONE_CLICK_STEPS)[number];

export const oneClickStepLabel: Record<OneClickStep, string> = {
  device_unlock: '解除锁定（退出丢失模式）',
  set_system_restriction: '解除全部系统限制',
  turn_off_activation_lock: '关闭激活锁',
  abm_unbind: '解除 ABM 绑定',
  remove_main_profile: '移除管理描述文件',
  erase_device: '抹掉设备',
  move_in_recycle_bin: '移入回收站',
};

/** OneClickMode: whether the hirer keeps the phone as it is (remove the main profile) or gets it erased. */
export const ONE_CLICK_MODES = ['keep-data', 'erase'] as const;
export type OneClickMode = (typeof ONE_CLICK_MODES)[number];
export const oneClickModeLabel: Record<OneClickMode, string> = { 'keep-data': '保留数据，移除管理', erase: '抹掉设备，恢复出厂' };

const mode = z.enum(ONE_CLICK_MODES, { error: '请选择释放方式：保留数据或抹掉设备' });

/** POST /api/device/ios/command/one-click-unlock-prevalidation; without `mode` both final steps are judged. */
export const oneClickPrevalidationRequest = deviceIdBody.extend({ mode: mode.optional() });
export type OneClickPrevalidationRequest = z.infer<typeof oneClickPrevalidationRequest>;

/** POST /api/device/ios/command/one-click-unlock: confirmed once for the whole run. */
export const oneClickUnlockRequest = iosReleaseRequest.extend({ mode });
export type OneClickUnlockRequest = z.infer<typeof oneClickUnlockRequest>;

/** POST /api/device/ios/command/one-click-unlock-resume: restarts the device's failed run at the failed step. */
export const oneClickResumeRequest = iosReleaseRequest;

/** POST /api/device/ios/command/one-click-unlock-status. */
export const oneClickStatusRequest = deviceIdBody;

/** StepVerdict: what prevalidation expects of a step: it runs, it is not needed, or it cannot run (blocks the run). */
export type StepVerdict = 'run' | 'skip' | 'cannot';
export const stepVerdictLabel: Record<StepVerdict, string> = { run: '将执行', skip: '跳过', cannot: '无法执行' };

export interface OneClickPrevalidationStep {
  step: OneClickStep;
  label: string;
  verdict: StepVerdict;
  /** Why it is skipped or cannot run (Chinese); null when it runs. */
  reason: string | null;
}

export interface OneClickPrevalidation {
  /** True when no step says `cannot` (for the chosen mode, or for at least one mode when none was given). */
  ok: boolean;
  mode: OneClickMode | null;
  steps: OneClickPrevalidationStep[];
}

export const RUN_STATUSES = ['running', 'done', 'failed', 'superseded'] as const;
export type OneClickRunStatus = (typeof RUN_STATUSES)[number];
export const oneClickRunStatusLabel: Record<OneClickRunStatus, string> = {
  running: '执行中',
  done: '已完成',
  failed: '已中断',
  superseded: '已被新的执行取代',
};

export const STEP_STATUSES = ['pending', 'running', 'done', 'failed', 'skipped'] as const;
export type OneClickStepStatus = (typeof STEP_STATUSES)[number];
export const oneClickStepStatusLabel: Record<OneClickStepStatus, string> = {
  pending: '等待中',
  running: '执行中',
  done: '已完成',
  failed: '失败',
  skipped: '已跳过',
};

export interface OneClickRunStepView {
  step: OneClickStep;
  label: string;
  status: OneClickStepStatus;
  /** The operation this step started (its row in the operation log), once started. */
  operation_log_id: string | null;
  /** Why it was skipped or failed, or what its operation reported when done (Chinese). */
  reason: string | null;
  started_at: string | null;
  finished_at: string | null;
}

export interface OneClickRunView {
  id: string;
  device_id: string;
  mode: OneClickMode;
  status: OneClickRunStatus;
  /** The run's own row in the operation log (action one-click-unlock). */
  operation_log_id: string;
  date_created: string;
  date_updated: string;
  steps: OneClickRunStepView[];
}

/** The status call answers the device's newest run, or null when it never had one. */
export interface OneClickStatusResponse {
  run: OneClickRunView | null;
}
