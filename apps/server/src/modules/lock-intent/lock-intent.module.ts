import type { ModuleBase } from '../../http/app-module.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import { relockInEnrolment } from './re-enrolment.ts';
import { resendLockedWallpapers } from './wallpaper-lock.ts';

export interface LockIntentModuleDeps extends Pick<ModuleBase, 'db'> {
  mdm: MdmEngine;
}

/**
 * createLockIntentModule keeps what the store locked on its phones: a phone the store holds locked that enrols again
 * (erased, restored, Return to Service, ABM) is locked again before anything else, and gets back the wallpapers the
 * store locked on it. Create it before the modules whose after-enrolment steps should follow the relock
 * (restrictions). Its answer effects are in lock-intent.effects.ts.
 */
export function createLockIntentModule({ db, mdm }: LockIntentModuleDeps) {
  mdm.onEnrolledInTx((tx, deviceId) => relockInEnrolment(tx, deviceId).then(() => undefined));
  mdm.onEnrolled((deviceId) => resendLockedWallpapers(db, mdm, deviceId).then(() => undefined));
  return {
    name: 'lock-intent',
    async register() {},
  };
}
