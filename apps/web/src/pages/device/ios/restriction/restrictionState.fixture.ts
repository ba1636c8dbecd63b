import { ESSENTIAL_APPLE_APPS, type IosRestrictionState } from '@lease/shared';

/** stateOf is a device's restriction state for tests: nothing restricted, supervised, unless told otherwise. */
export const stateOf = (over: Partial<IosRestrictionState> = {}): IosRestrictionState => ({
  device_id: 'd1',
  supervised: true,
  os_version: '17.5.1',
  requested: { system_restriction: {}, app_restriction: { enable: false, type: 0, list: [] }, wallpaper_allow_modify: true, enterprise_app_trust_until: null },
  desired_payload: null,
  installed_payload: null,
  installed_at: null,
  in_sync: true,
  pending: null,
  last_failure: null,
  ignored_without_supervision: [],
  store_default: {},
  diff_system_restriction_keys: [],
  global_white_list: [],
  essential_apps: ESSENTIAL_APPLE_APPS,
  ...over,
});
