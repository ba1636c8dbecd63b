import { type RestrictionPayload, appleRestrictionKeyLabel } from '@lease/shared';
import * as commands from '../../mdm/apple/commands.ts';
import { ManagedProfileKind, buildManagedProfile, managedProfileId } from '../../mdm/apple/profiles/managed-profile.ts';
import { type PlistDict, isPlistDict, parsePlistDict } from '../../mdm/apple/plist.ts';
import { activeKeys, ignoredWithoutSupervision } from './restriction-payload.ts';

export const RESTRICTIONS_PAYLOAD_TYPE = 'com.apple.applicationaccess';
/** RESTRICTIONS_PROFILE_ID: the one restrictions profile of a device; installing again replaces it. */
export const RESTRICTIONS_PROFILE_ID = managedProfileId(ManagedProfileKind.RESTRICTIONS);

/** restrictionsProfile is the .mobileconfig holding the device's one Restrictions payload. */
export const restrictionsProfile = (payload: RestrictionPayload): Buffer =>
  buildManagedProfile({
    kind: ManagedProfileKind.RESTRICTIONS,
    displayName: '门店设备限制',
    description: '租赁期间门店设置的系统与应用限制，由门店设备管理下发和移除。',
    payloads: [{ type: RESTRICTIONS_PAYLOAD_TYPE, body: payload }],
  });

/** restrictionCommand installs the payload, or removes the profile when there is nothing to restrict. */
export const restrictionCommand = (payload: RestrictionPayload | null, uuid: string) =>
  payload ? commands.installProfile(restrictionsProfile(payload), { uuid }) : commands.removeProfile(RESTRICTIONS_PROFILE_ID, { uuid });

const COMMON_KEYS = new Set([
  'PayloadType',
  'PayloadVersion',
  'PayloadIdentifier',
  'PayloadUUID',
  'PayloadDisplayName',
  'PayloadDescription',
  'PayloadOrganization',
]);

/**
 * payloadOfCommand reads back the Restrictions payload an InstallProfile command carried (the queue keeps the
 * command as sent), so what the phone acknowledged is recorded exactly; null for anything else.
 */
export function payloadOfCommand(commandXml: string): RestrictionPayload | null {
  const command = parsePlistDict(commandXml).Command;
  if (!isPlistDict(command) || !Buffer.isBuffer(command.Payload)) return null;
  const profile = parsePlistDict(command.Payload);
  const content = Array.isArray(profile.PayloadContent) ? profile.PayloadContent : [];
  const item = content.find((p): p is PlistDict => isPlistDict(p) && p.PayloadType === RESTRICTIONS_PAYLOAD_TYPE);
  if (!item) return null;
  const payload: RestrictionPayload = {};
  for (const [key, value] of Object.entries(item)) {
    if (COMMON_KEYS.has(key)) continue;
    if (typeof value === 'boolean') payload[key] = value;
    else if (Array.isArray(value)) payload[key] = value.filter((v): v is string => typeof v === 'string');
  }
  return payload;
}

/** describePayload says in the clerk's words what the phone now restricts, and what it ignores unsupervised. */
export function describePayload(payload: RestrictionPayload | null, supervised: boolean | null): string {
  const keys = activeKeys(payload);
  if (keys.length === 0) return '设备已移除门店限制，当前没有任何限制';
  const names = keys.map((k) => {
    const list = payload![k];
    return Array.isArray(list) ? `${appleRestrictionKeyLabel(k)}（${list.length} 个应用）` : appleRestrictionKeyLabel(k);
  });
  let text = `设备已应用 ${keys.length} 项限制：${names.join('、')}`;
  if (payload!.allowEnterpriseAppTrust === true) text += '；临时允许信任企业级应用';
  const ignored = supervised === false ? ignoredWithoutSupervision(payload) : [];
  if (ignored.length > 0) text += `。注意：本机未监管，其中 ${ignored.length} 项需监管才生效，当前不生效：${ignored.map(appleRestrictionKeyLabel).join('、')}`;
  return text;
}
