import {
  APPLE_APP_LIST_KEYS,
  APPLE_APP_LIST_RENAMED_IN,
  type AppleAppRestriction,
  AppleAppRestrictionType,
  ESSENTIAL_APPLE_APPS,
  type RestrictionPayload,
  appleKeyNeedsSupervision,
  appleRestrictedKeys,
  appleRestrictionOf,
  appleValueRestricts,
} from '@lease/shared';

/** RestrictionInputs: everything of the device record and its store that goes into the one restrictions profile. */
export interface RestrictionInputs {
  systemRestriction: Partial<Record<string, boolean>>;
  appRule: AppleAppRestriction;
  /** The store's Apple global white list: always allowed, whatever the device's own rule says. */
  globalWhiteList: readonly { bundle_id: string }[];
  wallpaperAllowModify: boolean;
  enterpriseAppTrustUntil: Date | null;
  osVersion: string;
}

/** compareVersions orders dotted iOS versions ('9.3' < '15.0' < '15.0.1'); an unknown version counts as current. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] || 0) - (pb[i] || 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** appListKey picks Apple's name for an allow- or block-list that the phone's iOS understands. */
function appListKey(kind: 'allow' | 'block', osVersion: string): string {
  const legacy = /^\d/.test(osVersion) && compareVersions(osVersion, APPLE_APP_LIST_RENAMED_IN) < 0;
  return legacy ? APPLE_APP_LIST_KEYS[kind].legacy : APPLE_APP_LIST_KEYS[kind].current;
}

const unique = (ids: string[]) => [...new Set(ids)];

/** isTrustWindowOpen: the temporary enterprise-app trust is in force at `now`. */
export const isTrustWindowOpen = (until: Date | null, now: Date) => until !== null && until.getTime() > now.getTime();

/**
 * buildRestrictionPayload is the one com.apple.applicationaccess payload of a device, or null when nothing is
 * restricted (the profile is then removed rather than installed empty). Only restricting values go in, so the
 * payload reads as the list of what the phone may not do. Keys in a stable order: equal inputs, equal payloads.
 */
export function buildRestrictionPayload(input: RestrictionInputs, now = new Date()): RestrictionPayload | null {
  const body: RestrictionPayload = {};
  for (const key of appleRestrictedKeys(input.systemRestriction)) body[key] = appleRestrictionOf(key)!.restrictedValue;
  // set-wallpaper without allow_modify keeps the hirer from replacing the store's wallpaper.
  if (!input.wallpaperAllowModify) body.allowWallpaperModification = false;
  // The trust window lifts only this one restriction; the revert job reinstalls without it.
  if (body.allowEnterpriseAppTrust === false && isTrustWindowOpen(input.enterpriseAppTrustUntil, now)) body.allowEnterpriseAppTrust = true;

  const rule = input.appRule;
  const whiteList = input.globalWhiteList.map((a) => a.bundle_id);
  if (rule.enable && rule.type === AppleAppRestrictionType.WHITELIST) {
    body[appListKey('allow', input.osVersion)] = unique([...ESSENTIAL_APPLE_APPS.map((a) => a.bundle_id), ...whiteList, ...rule.list.map((a) => a.bundle_id)]);
  } else if (rule.enable && rule.type === AppleAppRestrictionType.BLACKLIST) {
    const allowed = new Set([...whiteList, ...ESSENTIAL_APPLE_APPS.map((a) => a.bundle_id)]);
    const blocked = unique(rule.list.map((a) => a.bundle_id).filter((id) => !allowed.has(id)));
    if (blocked.length > 0) body[appListKey('block', input.osVersion)] = blocked;
  }
  const keys = Object.keys(body);
  if (!keys.some((k) => appleValueRestricts(k, body[k]))) return null;
  return Object.fromEntries(keys.sort().map((k) => [k, body[k]]));
}

/** activeKeys are the payload's keys that restrict something (an explicit allow, like the trust window, does not). */
export const activeKeys = (payload: RestrictionPayload | null): string[] => Object.keys(payload ?? {}).filter((k) => appleValueRestricts(k, payload![k]));

/** ignoredWithoutSupervision: the payload's restricting keys an unsupervised iPhone ignores. */
export const ignoredWithoutSupervision = (payload: RestrictionPayload | null): string[] => activeKeys(payload).filter(appleKeyNeedsSupervision);

/** samePayload compares two payloads as the phone would apply them. */
export function samePayload(a: RestrictionPayload | null, b: RestrictionPayload | null): boolean {
  if (a === null || b === null) return a === b;
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && JSON.stringify(a[k]) === JSON.stringify(b[k]));
}
