import {
  ActivationLockStatus,
  EnrollmentStatus,
  LockStatus,
  type OneClickMode,
  type OneClickStep,
  Perm,
  PERMISSION_GROUPS,
  type StepVerdict,
  hasPermission,
} from '@lease/shared';
import type { IosDeviceRow } from '../ios-device/ios-device.repo.ts';
import { inAbm, inRecycleBin } from './release-rules.ts';

/** StepFacts is what the judge of a step looks at; the outside answers are asked only when a step needs them. */
export interface StepFacts {
  device: IosDeviceRow;
  perms: readonly string[];
  mode?: OneClickMode;
  /** The phone has a live MDM channel that a push can wake (enrolled, push token not dead). */
  pushReady: boolean;
  abmConfigured: () => Promise<boolean>;
  /** activation's cannotTurnOff: why Apple cannot be asked to lift the lock now. */
  activationProblem: () => Promise<string | null>;
}

export interface Judgement {
  verdict: StepVerdict;
  reason: string | null;
}

/** STEP_PERM: each step needs the clerk to hold that step's own permission too (spec §3). */
export const STEP_PERM: Record<OneClickStep, Perm> = {
  device_unlock: Perm.APPLE_DISABLE_LOST_MODE,
  set_system_restriction: Perm.APPLE_SET_SYSTEM_RESTRICTION,
  turn_off_activation_lock: Perm.APPLE_TURN_OFF_ACTIVATION_LOCK,
  abm_unbind: Perm.APPLE_ABM_UNBIND,
  remove_main_profile: Perm.APPLE_REMOVE_MAIN_PROFILE,
  erase_device: Perm.APPLE_WIPE,
  move_in_recycle_bin: Perm.APPLE_ARCHIVED,
};

const permissionLabel = (perm: Perm) => PERMISSION_GROUPS.flatMap((g) => g.items).find((i) => i.code === perm)?.label ?? perm;

const RUN: Judgement = { verdict: 'run', reason: null };
const skip = (reason: string): Judgement => ({ verdict: 'skip', reason });
const cannot = (reason: string): Judgement => ({ verdict: 'cannot', reason });

const unmanaged = (d: IosDeviceRow) => d.enrollmentStatus !== EnrollmentStatus.ENROLLED;
const UNMANAGED_SKIP = '设备已不受管理，无需执行';

/** mdmProblem: an MDM step can be sent only to a managed phone outside the recycle bin that a push can wake. */
function mdmProblem(f: StepFacts): string | null {
  if (inRecycleBin(f.device)) return '设备在回收站中，请先移出回收站';
  if (unmanaged(f.device)) return '设备尚未接入管理，无法下发指令';
  if (!f.pushReady) return '设备无法被唤醒（离线过久或推送令牌失效），请让设备联网后重试';
  return null;
}

/**
 * NEEDED says whether a step has anything to do for this phone (null) or why not. The final step depends on the
 * clerk's choice: remove the main profile (the hirer keeps the phone's data) or erase it.
 */
const NEEDED: Record<OneClickStep, (f: StepFacts) => string | null> = {
  device_unlock: (f) => (unmanaged(f.device) ? UNMANAGED_SKIP : f.device.lockStatus === LockStatus.UNLOCKED ? '设备未锁定' : null),
  set_system_restriction: (f) => (unmanaged(f.device) ? UNMANAGED_SKIP : Object.keys(f.device.systemRestriction).length === 0 ? '设备未设置系统限制' : null),
  // A bypass code still on file with the status OFF is an answer that was lost: activation lets that be settled.
  turn_off_activation_lock: (f) => (f.device.activationLockStatus === ActivationLockStatus.OFF && !f.device.activationLockPasscode ? '设备未开启激活锁' : null),
  abm_unbind: (f) => (inAbm(f.device) ? null : '设备未绑定 ABM'),
  remove_main_profile: (f) => (f.mode === 'erase' ? '已选择抹掉设备' : unmanaged(f.device) ? UNMANAGED_SKIP : null),
  erase_device: (f) => (f.mode === 'keep-data' ? '已选择保留数据' : null),
  move_in_recycle_bin: (f) => (inRecycleBin(f.device) ? '设备已在回收站中' : null),
};

/** OWN_PROBLEM: why a needed step cannot run for reasons of its own (after permission). */
const OWN_PROBLEM: Record<OneClickStep, (f: StepFacts) => Promise<string | null> | string | null> = {
  device_unlock: mdmProblem,
  set_system_restriction: mdmProblem,
  turn_off_activation_lock: (f) => f.activationProblem(),
  abm_unbind: async (f) => ((await f.abmConfigured()) ? null : '门店未配置 ABM（Apple 商务管理）服务器令牌'),
  remove_main_profile: mdmProblem,
  erase_device: (f) => (unmanaged(f.device) && !inRecycleBin(f.device) ? '设备未接入管理，无法远程抹掉' : mdmProblem(f)),
  move_in_recycle_bin: () => null,
};

/** judgeStep: skipped when there is nothing to do, else it cannot run without the permission or when its own rule says so. */
export async function judgeStep(step: OneClickStep, f: StepFacts): Promise<Judgement> {
  const notNeeded = NEEDED[step](f);
  if (notNeeded) return skip(notNeeded);
  const perm = STEP_PERM[step];
  if (!hasPermission(f.perms, perm)) return cannot(`没有“${permissionLabel(perm)}”权限（${perm}）`);
  const problem = await OWN_PROBLEM[step](f);
  return problem ? cannot(problem) : RUN;
}
