import {
  APPLE_RESTRICTIONS,
  type AppleRestrictionGroup,
  type AppleRestrictionItem,
  type AppleRestrictionKey,
  type AppleRestrictionMap,
  appleRestrictionGroupLabel,
  appleRestrictionMapOf,
  isAppleRestricted,
} from '@lease/shared';

export interface RestrictionSection {
  group: AppleRestrictionGroup;
  label: string;
  items: AppleRestrictionItem[];
}

/** restrictionSections groups the catalogue for display, keeping its order. */
export function restrictionSections(): RestrictionSection[] {
  const sections = new Map<AppleRestrictionGroup, RestrictionSection>();
  for (const item of APPLE_RESTRICTIONS) {
    const section = sections.get(item.group) ?? { group: item.group, label: appleRestrictionGroupLabel[item.group], items: [] };
    section.items.push(item);
    sections.set(item.group, section);
  }
  return [...sections.values()];
}

/** restrictedKeys reads which switches a stored map turns on. */
export const restrictedKeys = (map: AppleRestrictionMap): Set<string> =>
  new Set(APPLE_RESTRICTIONS.filter((r) => isAppleRestricted(map, r.key as AppleRestrictionKey)).map((r) => r.key));

/** toRestrictionMap is what a row of switches saves: only the restricted keys, each with its restricted value. */
export const toRestrictionMap = (keys: Set<string>): AppleRestrictionMap => appleRestrictionMapOf(keys);

export const sameKeys = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((k) => b.has(k));
