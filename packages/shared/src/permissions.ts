/**
 * Permission codes of spec §3. The codes are opaque, so code reads the readable names here and the
 * stored/transmitted form stays the spec's code. ADMIN passes every check.
 */
export const Perm = {
  ADMIN: 'Admin',
  APPLE_LIST_NEW: 'Aa2',
  APPLE_LIST_VIEW_ALL: 'Aa3',
  APPLE_LIST_BATCH_CHANGE_CLERK: 'Aa4',
  APPLE_SET_WALLPAPER: 'Ab3',
  APPLE_ENABLE_LOST_MODE: 'Ab4',
  APPLE_DISABLE_LOST_MODE: 'Ab5',
  APPLE_REBOOT: 'Ab6',
  APPLE_PLAY_LOST_SOUND: 'Ab8',
  APPLE_CLEAR_PASSCODE: 'Ab9',
  APPLE_SET_APP_RESTRICTION: 'Ab10',
  APPLE_TURN_ON_ACTIVATION_LOCK: 'Ab11',
  APPLE_GET_ACTIVATION_LOCK_PASSWORD: 'Ab12',
  APPLE_WIPE: 'Ab14',
  APPLE_ABM_UNBIND: 'Ab15',
  APPLE_SET_SYSTEM_RESTRICTION: 'Ab17',
  APPLE_TURN_OFF_ACTIVATION_LOCK: 'Ab19',
  APPLE_REMOVE_MAIN_PROFILE: 'Ab20',
  APPLE_ARCHIVED: 'Ab21',
  APPLE_ONE_CLICK_UNLOCK: 'Ab22',
  REPORT_LIST: 'Ca1',
  OPERATION_LOG: 'Db1',
  LOGIN_LOG: 'Dc1',
  ANDROID_LIST_NEW: 'Ea1',
  ANDROID_LIST_VIEW_ALL: 'Ea2',
  ANDROID_LIST_BATCH_CHANGE_CLERK: 'Ea3',
  ANDROID_SET_WALLPAPER: 'Eb1',
  ANDROID_LOCK: 'Eb2',
  ANDROID_UNLOCK: 'Eb3',
  ANDROID_GET_LOCATION: 'Eb4',
  ANDROID_ARCHIVE: 'Eb5',
  ANDROID_SET_SYSTEM_RESTRICTION: 'Eb6',
  ANDROID_SET_APP_RESTRICTION: 'Eb7',
  ANDROID_REGULATE: 'Eb8',
  ANDROID_DEREGULATE: 'Eb9',
  ANDROID_GET_UNLOCK_PASSCODE: 'Eb10',
  ANDROID_GET_DEREGULATE_PASSCODE: 'Eb11',
  // Lease plans (not in the spec: our own codes, beside its letters).
  LEASE_PLAN_VIEW: 'Fa1',
  LEASE_PLAN_EDIT: 'Fa2',
  LEASE_PAYMENT_RECORD: 'Fa3',
  LEASE_COLLECTIONS: 'Fa4',
} as const;
export type Perm = (typeof Perm)[keyof typeof Perm];

export interface PermissionEntry {
  code: Perm;
  /** The spec's permission name, e.g. 'operation:enable-lost-mode'. */
  name: string;
  label: string;
}

export interface PermissionGroup {
  key: string;
  label: string;
  items: PermissionEntry[];
}

const entry = (code: Perm, name: string, label: string): PermissionEntry => ({ code, name, label });

/** PERMISSION_GROUPS is the spec §3 name→code table with Chinese labels, grouped as the clerk editor shows it. */
export const PERMISSION_GROUPS: PermissionGroup[] = [
  {
    key: 'apple',
    label: 'Apple 设备',
    items: [
      entry(Perm.APPLE_LIST_NEW, 'list:new', '登记设备'),
      entry(Perm.APPLE_LIST_VIEW_ALL, 'list:view-all', '查看全部设备'),
      entry(Perm.APPLE_LIST_BATCH_CHANGE_CLERK, 'list:batch-change-for-clerk', '批量更换店员'),
      entry(Perm.APPLE_SET_WALLPAPER, 'operation:set-wallpaper', '设置壁纸'),
      entry(Perm.APPLE_ENABLE_LOST_MODE, 'operation:enable-lost-mode', '锁定（丢失模式）'),
      entry(Perm.APPLE_DISABLE_LOST_MODE, 'operation:disable-lost-mode', '解锁（退出丢失模式）'),
      entry(Perm.APPLE_REBOOT, 'operation:reboot', '重启设备'),
      entry(Perm.APPLE_PLAY_LOST_SOUND, 'operation:play-lost-sound', '播放丢失提示音'),
      entry(Perm.APPLE_CLEAR_PASSCODE, 'operation:clear-passcode', '清除锁屏密码'),
      entry(Perm.APPLE_ARCHIVED, 'operation:archived', '移入回收站'),
      entry(Perm.APPLE_SET_SYSTEM_RESTRICTION, 'operation:set-system-restriction', '设置系统限制'),
      entry(Perm.APPLE_SET_APP_RESTRICTION, 'operation:set-app-restriction', '设置应用限制'),
      entry(Perm.APPLE_TURN_ON_ACTIVATION_LOCK, 'operation:turn-on-activation-lock', '开启激活锁'),
      entry(Perm.APPLE_TURN_OFF_ACTIVATION_LOCK, 'operation:turn-off-activation-lock', '关闭激活锁'),
      entry(Perm.APPLE_GET_ACTIVATION_LOCK_PASSWORD, 'operation:get-activation-lock-password', '查看激活锁密码'),
      entry(Perm.APPLE_WIPE, 'operation:wipe', '抹掉设备'),
      entry(Perm.APPLE_ABM_UNBIND, 'operation:amb-unbind', '解除 ABM 绑定'),
      entry(Perm.APPLE_REMOVE_MAIN_PROFILE, 'operation:remove-main-profile', '移除管理描述文件'),
      entry(Perm.APPLE_ONE_CLICK_UNLOCK, 'operation:one-click-unlock', '结清释放'),
    ],
  },
  {
    key: 'android',
    label: 'Android 设备',
    items: [
      entry(Perm.ANDROID_LIST_NEW, 'list:new', '登记设备'),
      entry(Perm.ANDROID_LIST_VIEW_ALL, 'list:view-all', '查看全部设备'),
      entry(Perm.ANDROID_LIST_BATCH_CHANGE_CLERK, 'list:batch-change-for-clerk', '批量更换店员'),
      entry(Perm.ANDROID_SET_WALLPAPER, 'operation:set-wallpaper', '设置壁纸'),
      entry(Perm.ANDROID_LOCK, 'operation:lock', '锁定设备'),
      entry(Perm.ANDROID_UNLOCK, 'operation:unlock', '解锁设备'),
      entry(Perm.ANDROID_GET_LOCATION, 'operation:get-location', '获取定位'),
      entry(Perm.ANDROID_ARCHIVE, 'operation:archive', '归档设备'),
      entry(Perm.ANDROID_SET_SYSTEM_RESTRICTION, 'operation:set-system-restriction', '设置系统限制'),
      entry(Perm.ANDROID_SET_APP_RESTRICTION, 'operation:set-app-restriction', '设置应用限制'),
      entry(Perm.ANDROID_REGULATE, 'operation:regulate', '开启监管'),
      entry(Perm.ANDROID_DEREGULATE, 'operation:deregulate', '结清释放（解除监管）'),
      entry(Perm.ANDROID_GET_UNLOCK_PASSCODE, 'operation:get-unlock-passcode', '获取离线解锁码'),
      entry(Perm.ANDROID_GET_DEREGULATE_PASSCODE, 'operation:get-deregulate-passcode', '获取离线解除监管码'),
    ],
  },
  {
    key: 'lease',
    label: '分期计划',
    items: [
      entry(Perm.LEASE_PLAN_VIEW, 'lease:plan-view', '查看分期计划'),
      entry(Perm.LEASE_PLAN_EDIT, 'lease:plan-edit', '创建和修改分期计划'),
      entry(Perm.LEASE_PAYMENT_RECORD, 'lease:payment-record', '登记还款'),
      entry(Perm.LEASE_COLLECTIONS, 'lease:collections', '催收（提醒、锁定、承诺还款）'),
    ],
  },
  { key: 'report', label: '报告', items: [entry(Perm.REPORT_LIST, 'list:page', '查看报告')] },
  {
    key: 'security',
    label: '安全',
    items: [entry(Perm.OPERATION_LOG, 'operation-log:page', '查看操作日志'), entry(Perm.LOGIN_LOG, 'login-log:page', '查看登录日志')],
  },
];

/** Every code a clerk may be granted (Admin excluded: it is set by is_admin). */
export const GRANTABLE_PERMS: Perm[] = PERMISSION_GROUPS.flatMap((g) => g.items.map((i) => i.code));

const known = new Set<string>([...GRANTABLE_PERMS, Perm.ADMIN]);
export const isPerm = (code: string): code is Perm => known.has(code);

/** parsePermissionString reads the clerk's comma-separated permission column, dropping unknown codes. */
export function parsePermissionString(value: string | null | undefined): Perm[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(isPerm);
}

/** PermissionRequirement is a check of spec §6: all of the codes, or any of them. */
export interface PermissionRequirement {
  perms: Perm[];
  mode?: 'all' | 'any';
}

/** hasPermission is the one check server and console share; Admin passes everything. */
export function hasPermission(granted: readonly string[], req: PermissionRequirement | Perm): boolean {
  if (granted.includes(Perm.ADMIN)) return true;
  const { perms, mode = 'all' } = typeof req === 'string' ? { perms: [req] } : req;
  if (perms.length === 0) return true;
  return mode === 'all' ? perms.every((p) => granted.includes(p)) : perms.some((p) => granted.includes(p));
}
