import { androidLockRequest } from '@lease/shared';
import type { AndroidEngine } from '../../mdm/android/android-engine.ts';
import type { AndroidOperationService } from '../android-device/android-operation.service.ts';
import type { IosCommandService } from '../ios-device/ios-command.service.ts';
import type { OneClickUnlockService } from '../ios-release/one-click-unlock.service.ts';
import type { LeaseDevicePort } from './lease-steps.ts';

/** The key a step's command carries: the step's id, so a retry after a crash is the same operation. */
const keyOf = (key: string) => ({ key, fingerprint: null });

/**
 * devicePortForLease: a plan's steps reach the phone through the same services as a clerk's click, so the lock
 * is the store's lock intent (kept across an erase), Lost Mode on Apple and the agent's lock on Android.
 */
export function devicePortForLease(deps: {
  iosCommands: Pick<IosCommandService, 'lock' | 'unlock'>;
  androidOperations: Pick<AndroidOperationService, 'lock' | 'unlock' | 'deregulate'>;
  oneClickUnlock: Pick<OneClickUnlockService, 'start'>;
  android: Pick<AndroidEngine, 'commander'>;
}): LeaseDevicePort {
  return {
    lock: (actor, plan, content, key) =>
      plan.platform === 'ios'
        ? deps.iosCommands.lock(
            actor,
            { device_id: plan.deviceId, message: content.message, phone_number: content.phone_number, footnote: '', when: 'now' },
            keyOf(key),
          )
        : deps.androidOperations.lock(
            actor,
            plan.deviceId,
            // Android's lock screen takes a mobile number only; a landline is left in the message.
            androidLockRequest.safeParse({ message: content.message, phone_number: content.phone_number }).data ?? {
              message: content.message,
              phone_number: '',
            },
            keyOf(key),
          ),
    unlock: (actor, plan, key) =>
      plan.platform === 'ios' ? deps.iosCommands.unlock(actor, plan.deviceId, keyOf(key)) : deps.androidOperations.unlock(actor, plan.deviceId, keyOf(key)),
    async release(actor, plan, key) {
      if (plan.platform === 'android') return deps.androidOperations.deregulate(actor, plan.deviceId, {}, keyOf(key));
      const { run } = await deps.oneClickUnlock.start(actor, { device_id: plan.deviceId, mode: 'keep-data', password: '' }, keyOf(key));
      return { operation_log_id: run?.operation_log_id ?? '' };
    },
    wakeAndroid: (ids) => deps.android.commander.wake(ids),
  };
}
