/**
 * Android device vocabulary shared by server, console and the simulated agent (spec §3 lookup tables,
 * DESIGN §6). Lock and enrolment states reuse LockStatus / EnrollmentStatus of device-status.ts.
 */

/** AndroidChannel is how the agent controls the phone: a plain device owner or a vendor enterprise SDK. */
export const AndroidChannel = { DEVICE_OWNER: 0, HONOR: 1, XIAOMI: 2, OPPO: 3, VIVO: 4 } as const;
export type AndroidChannel = (typeof AndroidChannel)[keyof typeof AndroidChannel];
export const androidChannelLabel: Record<number, string> = { 0: '设备所有者', 1: '荣耀', 2: '小米', 3: 'OPPO', 4: 'VIVO' };

/** Brand names as the agent reports them (Build.BRAND, lower case) with their Chinese labels. */
export const androidBrandLabel: Record<string, string> = {
  honor: '荣耀',
  huawei: '华为',
  xiaomi: '小米',
  redmi: '红米',
  oppo: 'OPPO',
  oneplus: '一加',
  realme: '真我',
  vivo: 'vivo',
  iqoo: 'iQOO',
  samsung: '三星',
};

/** RegulateStatus: 监管 puts the phone under the device-owner restriction set; 解除监管 releases it. */
export const RegulateStatus = { UNREGULATED: 0, REGULATING: 1, REGULATED: 2, DEREGULATING: 3 } as const;
export const regulateStatusLabel: Record<number, string> = { 0: '未监管', 1: '监管中', 2: '已监管', 3: '解除监管中' };

/** App restriction modes of spec §5 (Android): 0 blocks the listed apps, 1 allows only the listed apps. */
export const AndroidAppRestrictionMode = { BLACKLIST: 0, WHITELIST: 1 } as const;
export const androidAppRestrictionModeLabel: Record<number, string> = { 0: '黑名单（禁止列表中的应用）', 1: '白名单（仅允许列表中的应用）' };

/** An Android app as reported by the agent or listed in a restriction. */
export interface AndroidAppEntry {
  app_name: string;
  package_name: string;
  version?: string;
}
