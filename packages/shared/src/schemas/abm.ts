import { z } from 'zod';
import { text } from './safe-input.ts';
import { paging } from './common.ts';

/*
 * Apple Business Manager (Automated Device Enrollment, "DEP"): the wire shapes of Apple's Device Assignment
 * web service (server and stand-in both speak them) and the console's /api/system/abm-server/* calls.
 */

/** DepServerToken is the JSON inside the .p7m server token ABM hands out (one year valid). */
export interface DepServerToken {
  consumer_key: string;
  consumer_secret: string;
  access_token: string;
  access_secret: string;
  /** RFC 3339, e.g. 2026-07-01T22:18:53Z. */
  access_token_expiry: string;
}

/** DepAccount is `GET /account`. */
export interface DepAccount {
  server_name: string;
  server_uuid: string;
  admin_id: string;
  facilitator_id?: string;
  org_name: string;
  org_email?: string;
  org_phone?: string;
  org_address?: string;
  org_id: string;
  org_id_hash?: string;
  org_type?: string;
  org_version?: string;
}

/** Profile status of a device record: Apple's values. */
export type DepProfileStatus = 'empty' | 'assigned' | 'pushed' | 'removed';
export type DepOpType = 'added' | 'modified' | 'deleted';

/** DepDevice is one device record of `POST /server/devices` (fetch) and `POST /devices/sync` (with op_type). */
export interface DepDevice {
  serial_number: string;
  model?: string;
  description?: string;
  color?: string;
  asset_tag?: string;
  os?: string;
  device_family?: string;
  profile_status?: DepProfileStatus;
  profile_uuid?: string;
  profile_assign_time?: string;
  profile_push_time?: string;
  device_assigned_date?: string;
  device_assigned_by?: string;
  op_type?: DepOpType;
  op_date?: string;
}

/** DepDevicePage is the answer of fetch and sync: a page of records and the cursor to go on from. */
export interface DepDevicePage {
  devices: DepDevice[];
  cursor: string;
  more_to_follow: boolean;
  fetched_until?: string;
}

/** Setup Assistant panes a DEP profile can skip (Apple's skip_setup_items keys, the iPhone ones). */
export const DEP_SKIP_SETUP_ITEMS = [
  'Android',
  'AppleID',
  'Appearance',
  'Biometric',
  'Diagnostics',
  'DisplayTone',
  'Location',
  'Passcode',
  'Payment',
  'Privacy',
  'Restore',
  'SIMSetup',
  'ScreenTime',
  'Siri',
  'TOS',
  'Welcome',
  'iCloudDiagnostics',
  'iCloudStorage',
  'MessagingActivationUsingPhoneNumber',
  'Keyboard',
  'TermsOfAddress',
  'SoftwareUpdate',
  'UpdateCompleted',
  'Zoom',
] as const;

/** DepProfile is the body of `POST /profile`: our enrolment profile as Apple keeps it for the assigned serials. */
export interface DepProfile {
  profile_name: string;
  /** Where the phone fetches its enrolment profile during Setup Assistant. */
  url: string;
  is_supervised?: boolean;
  is_mandatory?: boolean;
  is_mdm_removable?: boolean;
  await_device_configured?: boolean;
  allow_pairing?: boolean;
  department?: string;
  support_phone_number?: string;
  support_email_address?: string;
  org_magic?: string;
  language?: string;
  region?: string;
  anchor_certs?: string[];
  supervising_host_certs?: string[];
  skip_setup_items?: string[];
  devices?: string[];
}

/** Per-serial results Apple gives for assign, disown and define-with-devices. */
export type DepDeviceResult = 'SUCCESS' | 'NOT_ACCESSIBLE' | 'FAILED';

/** response_status values of `POST /device/activationlock`. */
export type DepActivationLockStatus = 'SUCCESS' | 'NOT_ACCESSIBLE' | 'ORG_NOT_SUPPORTED' | 'DEVICE_NOT_SUPPORTED' | 'DEVICE_ALREADY_LOCKED' | 'FAILED';

/** depResultLabel turns Apple's per-device answers into what a clerk can act on. */
export const depResultLabel: Record<string, string> = {
  SUCCESS: '成功',
  NOT_ACCESSIBLE: '该设备不在本门店的 Apple 商务管理服务器中',
  FAILED: 'Apple 处理失败，请稍后重试',
  ORG_NOT_SUPPORTED: '该组织不支持通过 Apple 商务管理开启激活锁',
  DEVICE_NOT_SUPPORTED: '该设备型号不支持通过 Apple 商务管理开启激活锁',
  DEVICE_ALREADY_LOCKED: '该设备已开启激活锁',
};

/** The console's view of a store's ABM server token (GET /api/system/abm-server/info). */
export interface AbmServerInfo {
  /** false: no token uploaded yet (未上传); the other fields are then null. */
  uploaded: boolean;
  /** Whether the store's key pair exists (the public key can be downloaded once it does). */
  has_public_key: boolean;
  server_name: string | null;
  server_uuid: string | null;
  org_name: string | null;
  org_id: string | null;
  access_token_expiry: string | null;
  /** Days until the token expires (negative once expired); the page warns under 30. */
  expires_in_days: number | null;
  uploaded_at: string | null;
  last_sync_at: string | null;
  last_sync_error: string | null;
  next_sync_at: string | null;
  device_count: number;
  profile_uuid: string | null;
  /** The DEP service in use (Apple's origin or the local stand-in). */
  dep_origin: string;
}

export interface AbmDeviceItem {
  serial_number: string;
  model: string;
  description: string;
  color: string;
  device_family: string;
  os: string;
  profile_status: string;
  profile_uuid: string | null;
  profile_assign_time: string | null;
  device_assigned_date: string | null;
  device_assigned_by: string;
  op_type: string;
  op_date: string | null;
  /** The console device with this serial, if the store has one. */
  device_id: string | null;
  abm_status: number;
  date_updated: string;
}

export const abmDeviceListQuery = paging.extend({
  serial_number: text().trim().max(20, '序列号最多 20 个字符').optional(),
});
export type AbmDeviceListQuery = z.infer<typeof abmDeviceListQuery>;

/** The .p7m file as read by the browser: its bytes in base64 (ABM hands out a text S/MIME file; DER works too). */
export const abmUploadP7mRequest = z.object({
  file_name: text().trim().max(200, '文件名过长').optional(),
  content_base64: text({ error: '请选择服务器令牌文件（.p7m）' })
    .min(1, '请选择服务器令牌文件（.p7m）')
    .max(200_000, '文件过大，不是 Apple 商务管理的服务器令牌')
    .regex(/^[A-Za-z0-9+/=\r\n]+$/, '文件内容编码有误'),
});
export type AbmUploadP7mRequest = z.infer<typeof abmUploadP7mRequest>;

export interface AbmSyncResult {
  fetched: number;
  added: number;
  modified: number;
  deleted: number;
  assigned: number;
}

/** abmStatusOf maps a device's ABM record to AbmStatus (device-status.ts); the server's SQL reconcile uses the same table. */
export function abmStatusOf(profileStatus: string, opType: string): number {
  if (opType === 'deleted' || profileStatus === 'removed' || profileStatus === 'deleted') return 3;
  if (profileStatus === 'pushed') return 2;
  if (profileStatus === 'assigned') return 1;
  return 0;
}
