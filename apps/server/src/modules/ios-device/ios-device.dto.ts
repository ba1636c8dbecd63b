import type { IosDeviceDetail, IosDeviceListItem, OperationProgress } from '@lease/shared';
import { appleModelName, diffAppleRestrictionKeys, maskPhone } from '@lease/shared';
import type { OperationLogRow } from '../logs/operation-log.repo.ts';
import type { IosDeviceRow } from './ios-device.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toProgress(op: OperationLogRow | undefined): OperationProgress | null {
  return op ? { operation_log_id: op.id, action: op.action, status: op.status, scheduled_at: iso(op.scheduledAt) } : null;
}

export function toListItem(d: IosDeviceRow, clerkName: string | null, enrollLink: string, progress: OperationProgress | null): IosDeviceListItem {
  return {
    id: d.id,
    serial_number: d.serialNumber,
    udid: d.udid,
    model: d.model,
    model_name: appleModelName(d.model),
    product_name: d.productName,
    color: d.color,
    storage_capacity: d.storageCapacity,
    os_version: d.osVersion,
    imei_1: d.imei1,
    imei_2: d.imei2,
    hirer_name: d.hirerName,
    hirer_phone_number: maskPhone(d.hirerPhoneNumber),
    remark: d.remark,
    for_clerk: d.clerkId ? { id: d.clerkId, name: clerkName ?? '' } : null,
    enrollment_status: d.enrollmentStatus,
    lock_status: d.lockStatus,
    supervise_status: d.superviseStatus,
    abm_status: d.abmStatus,
    activation_lock_status: d.activationLockStatus,
    recycled_status: d.recycledStatus,
    battery_level: d.batteryLevel,
    registration_time: d.registrationTime.toISOString(),
    last_active_time: iso(d.lastActiveTime),
    is_simulated: d.isSimulated,
    enroll_link: enrollLink,
    progress,
  };
}

export function toDetail(
  item: IosDeviceListItem,
  d: IosDeviceRow,
  storeDefault: Record<string, boolean>,
  mdmCheck: IosDeviceDetail['mdm_check'],
): IosDeviceDetail {
  const restriction = d.systemRestriction;
  return {
    ...item,
    hirer_risk: null,
    market: d.market,
    meid: d.meid,
    sim_1: d.sim1 ?? null,
    sim_2: d.sim2 ?? null,
    last_active_location: d.lastActiveLocation ?? null,
    app_list: d.appList,
    system_restriction: restriction,
    app_restriction_enable: d.appRestrictionEnable,
    app_restriction_type: d.appRestrictionType,
    app_restriction_list: d.appRestrictionList,
    available_os_updates: d.availableOsUpdates,
    os_update_status: d.osUpdateStatus,
    global_proxy_status: d.globalProxyStatus,
    dns_setting_status: d.dnsSettingStatus,
    enterprise_app_trust_until: iso(d.enterpriseAppTrustUntil),
    os_update_progress: d.osUpdateProgress ?? null,
    battery_health: d.batteryHealth ?? null,
    activation_lock_set: d.activationLockPasscode !== null,
    need_os_update: d.needOsUpdate,
    diff_system_restriction_keys: diffAppleRestrictionKeys(restriction, storeDefault),
    facts_updated_at: iso(d.factsUpdatedAt),
    mdm_check: mdmCheck,
    lock_intent: d.lockIntent
      ? { message: d.lockIntent.message, phone_number: d.lockIntent.phone_number ?? '', footnote: d.lockIntent.footnote ?? '', since: d.lockIntent.since }
      : null,
    lost_mode_reported: d.lostModeReported,
  };
}
