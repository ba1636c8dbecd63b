import {
  type AndroidDeviceDetail,
  type AndroidDeviceListItem,
  type OperationProgress,
  androidBrandLabel,
  diffRestrictionKeys,
  maskPhone,
  resolveDeviceRestrictions,
} from '@lease/shared';
import type { AndroidDeviceRow } from './android-device.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** brandLabel is the Chinese brand name where known, else the brand as the phone reported it. */
export const brandLabel = (brand: string) => androidBrandLabel[brand.toLowerCase()] ?? brand;

export function toListItem(d: AndroidDeviceRow, clerkName: string | null, progress: OperationProgress | null): AndroidDeviceListItem {
  return {
    id: d.id,
    serial_number: d.serialNumber,
    imei_1: d.imei1,
    imei_2: d.imei2,
    brand: d.brand,
    brand_label: brandLabel(d.brand),
    manufacturer: d.manufacturer,
    model: d.model,
    os_version: d.osVersion,
    sdk_int: d.sdkInt,
    agent_version: d.agentVersion,
    channel: d.channel,
    hirer_name: d.hirerName,
    hirer_phone_number: maskPhone(d.hirerPhoneNumber),
    remark: d.remark,
    for_clerk: d.clerkId ? { id: d.clerkId, name: clerkName ?? '' } : null,
    enrollment_status: d.enrollmentStatus,
    lock_status: d.lockStatus,
    regulate_status: d.regulateStatus,
    archived: d.archived,
    archived_at: iso(d.archivedAt),
    battery_level: d.batteryLevel,
    registration_time: d.registrationTime.toISOString(),
    last_active_time: iso(d.lastActiveTime),
    is_simulated: d.isSimulated,
    progress,
  };
}

export interface StoreAndroidDefaults {
  systemRestriction: Record<string, boolean>;
  offlineLockHours: number;
}

export function toDetail(item: AndroidDeviceListItem, d: AndroidDeviceRow, store: StoreAndroidDefaults): AndroidDeviceDetail {
  return {
    ...item,
    hirer_risk: null,
    meid: d.meid,
    sim_1: d.sim1 ?? null,
    sim_2: d.sim2 ?? null,
    last_active_location: d.lastActiveLocation ?? null,
    lock_message: d.lockMessage,
    lock_phone_number: d.lockPhoneNumber,
    system_restriction: resolveDeviceRestrictions(store.systemRestriction, d.systemRestriction),
    diff_system_restriction_keys: diffRestrictionKeys(store.systemRestriction, d.systemRestriction),
    restriction_report: d.restrictionReport ?? null,
    app_restriction_enable: d.appRestrictionEnable,
    app_restriction_mode: d.appRestrictionMode,
    app_restriction_list: d.appRestrictionList,
    wallpaper_id: d.wallpaperId,
    policy_version: d.policyVersion,
    installed_app_count: d.installedApps.length,
    offline_lock_hours: store.offlineLockHours,
  };
}
