/**
 * The Android restriction catalogue (系统限制): the device-owner restrictions the console offers, with
 * Chinese labels, the platform call behind each (mostly UserManager DISALLOW_* constants, applied with
 * DevicePolicyManager.addUserRestriction) and the API level where it appeared. Keys are channel-neutral:
 * a vendor channel (honor, xiaomi, oppo, vivo) maps the same key to its own SDK call.
 *
 * `core` marks the 监管 set (research brief §2): on by default, it is what keeps a leased phone from being
 * wiped, flashed or taken over. Maps of key → boolean (true = restricted) are stored on the store
 * (android_system_restriction, the default for new phones) and on each device (android_device.system_restriction).
 */

export const AndroidRestrictionGroup = {
  SECURITY: 'security',
  USERS: 'users',
  NETWORK: 'network',
  LOCATION: 'location',
  CALLS: 'calls',
  APPS: 'apps',
  DISPLAY: 'display',
  OTHER: 'other',
} as const;
export type AndroidRestrictionGroup = (typeof AndroidRestrictionGroup)[keyof typeof AndroidRestrictionGroup];

/** Groups in the order the editor shows them. */
export const androidRestrictionGroupLabel: Record<AndroidRestrictionGroup, string> = {
  security: '安全与防刷机',
  users: '用户与账户',
  network: '网络与无线',
  location: '定位',
  calls: '通话与短信',
  apps: '应用',
  display: '显示与声音',
  other: '其他',
};

export interface AndroidRestriction {
  key: string;
  label: string;
  group: AndroidRestrictionGroup;
  description: string;
  /** The platform call: a UserManager constant, or the DevicePolicyManager method for the few that are not. */
  platform: string;
  /** Android API level where the call appeared; older phones report it as unsupported. */
  minApi: number;
  /** Part of the core 监管 set, on by default. */
  core: boolean;
}

const r = (
  key: string,
  group: AndroidRestrictionGroup,
  label: string,
  platform: string,
  minApi: number,
  core: boolean,
  description: string,
): AndroidRestriction => ({
  key,
  label,
  group,
  description,
  platform,
  minApi,
  core,
});

const G = AndroidRestrictionGroup;

/** ANDROID_RESTRICTIONS is every restriction the console offers, grouped and ordered as the editor shows them. */
export const ANDROID_RESTRICTIONS: readonly AndroidRestriction[] = [
  r('no_factory_reset', G.SECURITY, '禁止恢复出厂设置', 'DISALLOW_FACTORY_RESET', 21, true, '设置中的“恢复出厂设置”不可用，防止租机人清除管理。'),
  r('no_safe_boot', G.SECURITY, '禁止安全模式启动', 'DISALLOW_SAFE_BOOT', 23, true, '防止进入安全模式绕过管理应用。'),
  r('no_debugging', G.SECURITY, '禁止 USB 调试', 'DISALLOW_DEBUGGING_FEATURES', 21, true, '关闭开发者选项中的 USB 调试，阻止通过 adb 卸载或篡改。'),
  r('no_usb_file_transfer', G.SECURITY, '禁止 USB 传输文件', 'DISALLOW_USB_FILE_TRANSFER', 18, true, '连接电脑时不能传输文件（MTP/PTP）。'),
  r('no_mount_media', G.SECURITY, '禁止挂载外部存储', 'DISALLOW_MOUNT_PHYSICAL_MEDIA', 21, true, '不能挂载 SD 卡、U 盘等外部存储。'),
  r(
    'no_config_date_time',
    G.SECURITY,
    '禁止修改日期和时间',
    'DISALLOW_CONFIG_DATE_TIME',
    28,
    true,
    '时间保持自动同步（setAutoTimeRequired），防止改时间绕过离线锁定。',
  ),
  r(
    'no_unknown_sources',
    G.SECURITY,
    '禁止安装未知来源应用',
    'DISALLOW_INSTALL_UNKNOWN_SOURCES',
    18,
    true,
    '只能从系统应用商店安装应用；Android 10 起同时禁止全局未知来源。',
  ),
  r('no_apps_control', G.SECURITY, '禁止管理应用', 'DISALLOW_APPS_CONTROL', 18, true, '不能强行停止或清除应用数据，保护管理应用不被关闭。'),
  r('no_network_reset', G.SECURITY, '禁止重置网络设置', 'DISALLOW_NETWORK_RESET', 23, true, '不能通过“重置网络设置”断开与管理服务器的连接配置。'),

  r('no_add_user', G.USERS, '禁止添加用户', 'DISALLOW_ADD_USER', 18, true, '不能新建用户或访客，防止在其他用户下绕过管理。'),
  r('no_remove_user', G.USERS, '禁止删除用户', 'DISALLOW_REMOVE_USER', 18, true, '不能删除设备上的用户。'),
  r('no_user_switch', G.USERS, '禁止切换用户', 'DISALLOW_USER_SWITCH', 28, true, '不能切换到其他用户。'),
  r('no_modify_accounts', G.USERS, '禁止修改账户', 'DISALLOW_MODIFY_ACCOUNTS', 18, true, '不能添加或删除手机上的账户（如厂商账号）。'),

  r('no_config_wifi', G.NETWORK, '禁止修改 WLAN 设置', 'DISALLOW_CONFIG_WIFI', 18, false, '不能更改 WLAN 网络配置。'),
  r('no_add_wifi_config', G.NETWORK, '禁止添加 WLAN 网络', 'DISALLOW_ADD_WIFI_CONFIG', 33, false, '不能添加新的 WLAN 网络，已保存的网络仍可连接。'),
  r('no_config_mobile_networks', G.NETWORK, '禁止修改移动网络设置', 'DISALLOW_CONFIG_MOBILE_NETWORKS', 18, false, '不能更改移动数据、APN 等移动网络设置。'),
  r('no_config_tethering', G.NETWORK, '禁止热点和网络共享', 'DISALLOW_CONFIG_TETHERING', 18, false, '不能开启个人热点或 USB/蓝牙网络共享。'),
  r('no_config_vpn', G.NETWORK, '禁止配置 VPN', 'DISALLOW_CONFIG_VPN', 18, false, '不能添加或修改 VPN。'),
  r('no_config_bluetooth', G.NETWORK, '禁止修改蓝牙设置', 'DISALLOW_CONFIG_BLUETOOTH', 18, false, '不能配对或更改蓝牙设置。'),
  r('no_bluetooth', G.NETWORK, '禁用蓝牙', 'DISALLOW_BLUETOOTH', 26, false, '完全关闭蓝牙。'),
  r('no_airplane_mode', G.NETWORK, '禁止飞行模式', 'DISALLOW_AIRPLANE_MODE', 28, false, '不能开启飞行模式，保持设备在线可管理。'),
  r('no_data_roaming', G.NETWORK, '禁止数据漫游', 'DISALLOW_DATA_ROAMING', 24, false, '不能开启数据漫游。'),

  r('no_share_location', G.LOCATION, '禁止关闭位置共享', 'DISALLOW_SHARE_LOCATION', 18, false, '阻止应用共享位置；请谨慎开启，可能影响第三方定位应用。'),
  r('no_config_location', G.LOCATION, '禁止修改定位设置', 'DISALLOW_CONFIG_LOCATION', 28, false, '不能关闭定位服务，确保能获取设备位置。'),

  r('no_outgoing_calls', G.CALLS, '禁止拨打电话', 'DISALLOW_OUTGOING_CALLS', 21, false, '不能拨出电话（紧急呼叫除外）。'),
  r('no_sms', G.CALLS, '禁止收发短信', 'DISALLOW_SMS', 21, false, '不能发送或接收短信。'),

  r('no_install_apps', G.APPS, '禁止安装应用', 'DISALLOW_INSTALL_APPS', 18, false, '不能安装任何新应用。'),
  r('no_uninstall_apps', G.APPS, '禁止卸载应用', 'DISALLOW_UNINSTALL_APPS', 18, false, '不能卸载任何应用。'),

  r('no_set_wallpaper', G.DISPLAY, '禁止更换壁纸', 'DISALLOW_SET_WALLPAPER', 24, false, '租机人不能更换壁纸，保留门店设置的壁纸。'),
  r('no_config_screen_timeout', G.DISPLAY, '禁止修改自动锁屏时间', 'DISALLOW_CONFIG_SCREEN_TIMEOUT', 28, false, '不能更改屏幕超时时间。'),
  r('no_config_brightness', G.DISPLAY, '禁止调节亮度', 'DISALLOW_CONFIG_BRIGHTNESS', 28, false, '不能调节屏幕亮度。'),
  r('no_adjust_volume', G.DISPLAY, '禁止调节音量', 'DISALLOW_ADJUST_VOLUME', 21, false, '不能调节音量或静音。'),
  r('no_unmute_microphone', G.DISPLAY, '禁止打开麦克风', 'DISALLOW_UNMUTE_MICROPHONE', 21, false, '麦克风保持静音。'),

  r('no_config_credentials', G.OTHER, '禁止修改凭据', 'DISALLOW_CONFIG_CREDENTIALS', 18, false, '不能安装或删除证书和凭据。'),
  r('no_create_windows', G.OTHER, '禁止悬浮窗', 'DISALLOW_CREATE_WINDOWS', 21, false, '应用不能显示悬浮窗和 Toast 以外的系统窗口。'),
  r('no_camera', G.OTHER, '禁用相机', 'DevicePolicyManager.setCameraDisabled', 14, false, '所有相机不可用。'),
  r('no_screen_capture', G.OTHER, '禁止截屏和录屏', 'DevicePolicyManager.setScreenCaptureDisabled', 21, false, '不能截屏或录屏。'),
];

const byKey = new Map(ANDROID_RESTRICTIONS.map((x) => [x.key, x]));

/** ANDROID_RESTRICTION_KEYS lists every key in catalogue order. */
export const ANDROID_RESTRICTION_KEYS: readonly string[] = ANDROID_RESTRICTIONS.map((x) => x.key);

export const isAndroidRestrictionKey = (key: string) => byKey.has(key);
export const androidRestriction = (key: string): AndroidRestriction | undefined => byKey.get(key);

/** The map of a store that never chose its defaults: the core 监管 set on, everything else off. */
export const CORE_ANDROID_RESTRICTIONS: Readonly<Record<string, boolean>> = Object.fromEntries(ANDROID_RESTRICTIONS.map((x) => [x.key, x.core]));

/** resolveStoreRestrictions completes a store's saved default map over the catalogue (keys it never set follow `core`). */
export function resolveStoreRestrictions(saved: Record<string, boolean> | null | undefined): Record<string, boolean> {
  return Object.fromEntries(ANDROID_RESTRICTIONS.map((x) => [x.key, saved?.[x.key] ?? x.core]));
}

/**
 * resolveDeviceRestrictions is what a phone should enforce: its own map where it has one key, the store's
 * default for the rest. Unknown keys are dropped, so a catalogue change never sends a stale key.
 */
export function resolveDeviceRestrictions(
  storeDefault: Record<string, boolean> | null | undefined,
  device: Record<string, boolean> | null | undefined,
): Record<string, boolean> {
  const store = resolveStoreRestrictions(storeDefault);
  return Object.fromEntries(ANDROID_RESTRICTIONS.map((x) => [x.key, device?.[x.key] ?? store[x.key]]));
}

/** diffRestrictionKeys lists the keys where a phone's map differs from the store default (the detail's 差异项). */
export function diffRestrictionKeys(storeDefault: Record<string, boolean> | null | undefined, device: Record<string, boolean> | null | undefined): string[] {
  const store = resolveStoreRestrictions(storeDefault);
  const effective = resolveDeviceRestrictions(storeDefault, device);
  return ANDROID_RESTRICTION_KEYS.filter((k) => store[k] !== effective[k]);
}
