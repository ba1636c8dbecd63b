import { z } from 'zod';
import type { AppleRestrictionMap, EssentialAppleApp } from '../apple-restrictions.ts';
import { appleRestrictionMap } from './apple-restriction-map.ts';
import { deviceIdBody } from './ios-device.ts';
import { type AppleAppRestriction, type AppleWhiteListApp, appleAppRestriction } from './store.ts';

/** POST /api/device/ios/command/set-system-restriction: the device's whole map (Ab17). */
export const setSystemRestrictionRequest = deviceIdBody.extend({ system_restriction: appleRestrictionMap });
export type SetSystemRestrictionRequest = z.input<typeof setSystemRestrictionRequest>;

/** POST /api/device/ios/command/set-app-restriction (Ab10): spec §5, type 0-2 required when enabled. */
export const setAppRestrictionRequest = deviceIdBody.and(appleAppRestriction);
export type SetAppRestrictionRequest = z.input<typeof setAppRestrictionRequest>;

/** The bounds of a temporary enterprise-app trust window, in minutes: long enough to install and trust, short enough to forget. */
export const ENTERPRISE_TRUST_MINUTES = { min: 5, max: 120, default: 30 } as const;
const { min, max } = ENTERPRISE_TRUST_MINUTES;
const minutesMessage = `时长应为 ${min}-${max} 分钟的整数`;

/** POST /api/device/ios/command/temporary-allow-enterprise-app-trust (Ab17). */
export const temporaryEnterpriseTrustRequest = deviceIdBody.extend({
  minutes: z.number({ error: minutesMessage }).int(minutesMessage).min(min, minutesMessage).max(max, minutesMessage),
});
export type TemporaryEnterpriseTrustRequest = z.input<typeof temporaryEnterpriseTrustRequest>;

/** RestrictionPayload is a Restrictions (com.apple.applicationaccess) payload's own keys: booleans and bundle-id lists. */
export type RestrictionPayload = Record<string, boolean | string[]>;

/** The device's restriction operations: the operation-log actions whose profile installs the restriction service answers for. */
export const IOS_RESTRICTION_ACTIONS = [
  'set-system-restriction',
  'sync-store-default-system-restriction',
  'set-app-restriction',
  'temporary-allow-enterprise-app-trust',
  'end-enterprise-app-trust',
  'apply-enrolment-restriction',
] as const;

/**
 * IosRestrictionState (GET /api/device/ios/helper/restriction-state) tells the clerk truthfully what the phone has:
 * the restrictions asked for (the device record), the payload that asks for, the payload the phone last
 * acknowledged, and what is still on its way.
 */
export interface IosRestrictionState {
  device_id: string;
  /** true supervised, false not supervised, null not yet reported. */
  supervised: boolean | null;
  os_version: string;
  requested: {
    system_restriction: AppleRestrictionMap;
    app_restriction: AppleAppRestriction;
    wallpaper_allow_modify: boolean;
    enterprise_app_trust_until: string | null;
  };
  /** What the server installs for `requested` now; null means no profile (nothing restricted). */
  desired_payload: RestrictionPayload | null;
  /** What the phone acknowledged last; null when it has no restrictions profile from us. */
  installed_payload: RestrictionPayload | null;
  installed_at: string | null;
  /** The phone has exactly the desired payload. */
  in_sync: boolean;
  /** The newest restriction operation still on its way to the phone. */
  pending: { operation_log_id: string; action: string; status: number; date_created: string } | null;
  /** The phone refused the last install (Apple's reason), while the previous profile stays. */
  last_failure: { message: string; at: string } | null;
  /** Keys of the desired payload an unsupervised phone ignores. */
  ignored_without_supervision: string[];
  store_default: AppleRestrictionMap;
  diff_system_restriction_keys: string[];
  global_white_list: AppleWhiteListApp[];
  essential_apps: readonly EssentialAppleApp[];
}
