/**
 * The Apple system restrictions a leasing store sets: keys of the Restrictions payload
 * (com.apple.applicationaccess), each checked against Apple's schema (apple/device-management,
 * mdm/profiles/com.apple.applicationaccess.yaml, release iOS 18.1) by the server's catalogue test.
 * Every key is a boolean whose Apple default is the unrestricted state, so a key missing from a restriction
 * map means "not restricted": `allow…` keys restrict with false, `force…` keys with true (restrictedValue).
 * The one exception in meaning is allowUSBRestrictedMode (see its text).
 */
export const AppleRestrictionGroup = {
  ANTI_THEFT: 'anti-theft',
  ACCOUNT: 'account',
  APPS: 'apps',
  CONNECTIVITY: 'connectivity',
  MEDIA: 'media',
} as const;
export type AppleRestrictionGroup = (typeof AppleRestrictionGroup)[keyof typeof AppleRestrictionGroup];

export const appleRestrictionGroupLabel: Record<AppleRestrictionGroup, string> = {
  'anti-theft': '防丢与重置',
  account: '账户与设备信息',
  apps: '应用',
  connectivity: '网络与连接',
  media: '相机、截屏与备份',
};

export interface AppleRestrictionItem {
  key: string;
  group: AppleRestrictionGroup;
  /** Chinese label of the switch, phrased as the restriction ("禁止…"). */
  label: string;
  /** What the phone does when the restriction is on. */
  description: string;
  /** Apple applies the key only on supervised phones (iOS). */
  supervised: boolean;
  /** Apple still applies it unsupervised, but has deprecated that: supervise to be sure. */
  unsupervisedDeprecated?: boolean;
  /** The payload value that means "restricted". */
  restrictedValue: boolean;
  /** First iOS version that knows the key. */
  minIos: string;
}

const item = (
  key: string,
  group: AppleRestrictionGroup,
  label: string,
  description: string,
  minIos: string,
  support: { supervised: boolean; unsupervisedDeprecated?: boolean },
): AppleRestrictionItem => ({ key, group, label, description, minIos, restrictedValue: key.startsWith('force'), ...support });

const SUPERVISED = { supervised: true };
const ANY = { supervised: false };
const DEPRECATED_UNSUPERVISED = { supervised: false, unsupervisedDeprecated: true };

/** APPLE_RESTRICTIONS lists the catalogue in display order, grouped by `group`. */
export const APPLE_RESTRICTIONS = [
  item(
    'allowEraseContentAndSettings',
    'anti-theft',
    '禁止抹掉所有内容和设置',
    '设置中的「抹掉所有内容和设置」不可用，租机人无法自行重置手机。',
    '8.0',
    SUPERVISED,
  ),
  item(
    'allowFindMyDevice',
    'anti-theft',
    '禁用「查找设备」',
    '「查找」App 中的查找设备功能停用，租机人无法用自己的账户远程抹掉或锁定手机。',
    '13.0',
    SUPERVISED,
  ),
  item(
    'allowUIConfigurationProfileInstallation',
    'anti-theft',
    '禁止手动安装描述文件',
    '租机人无法自行安装描述文件和证书（如第三方 VPN、越狱或屏蔽管理的描述文件）。',
    '6.0',
    SUPERVISED,
  ),
  item('allowPasscodeModification', 'anti-theft', '禁止修改锁屏密码', '无法添加、更改或移除锁屏密码。', '9.0', SUPERVISED),
  item('allowFingerprintModification', 'anti-theft', '禁止修改面容 ID / 触控 ID', '无法录入或删除面容 ID、触控 ID。', '8.3', SUPERVISED),
  item('allowHostPairing', 'anti-theft', '禁止与电脑配对', '除监管主机外，手机不能与 Mac 或 PC 配对，防止用电脑工具备份、刷机或读取数据。', '7.0', SUPERVISED),
  item(
    'allowEnablingRestrictions',
    'anti-theft',
    '禁止设置屏幕使用时间',
    '「屏幕使用时间」不可开启，已开启的会被关闭，防止借此隐藏或限制管理功能。',
    '8.0',
    SUPERVISED,
  ),
  item(
    'forceAutomaticDateAndTime',
    'anti-theft',
    '强制自动设置日期与时间',
    '「日期与时间」的「自动设置」始终开启。手动把时间改错会让手机无法与管理服务器安全连接，开启后租机人无法这样做。',
    '12.0',
    SUPERVISED,
  ),

  item('allowAccountModification', 'account', '禁止修改账户', '无法修改 Apple 账户及邮件、通讯录、日历等互联网账户。', '7.0', SUPERVISED),
  item('allowDeviceNameModification', 'account', '禁止修改设备名称', '无法更改手机名称。', '9.0', SUPERVISED),
  item(
    'allowWallpaperModification',
    'account',
    '禁止更换壁纸',
    '租机人无法更换锁屏和主屏幕壁纸，门店下发的壁纸（如还款联系方式）保持不变。',
    '9.0',
    SUPERVISED,
  ),
  item('allowESIMModification', 'account', '禁止修改 eSIM', '无法添加、删除或更改 eSIM。', '12.1', SUPERVISED),
  item('allowESIMOutgoingTransfers', 'account', '禁止转出 eSIM', '无法把本机的 eSIM 转移到另一台设备。', '18.0', SUPERVISED),
  item('allowCellularPlanModification', 'account', '禁止修改蜂窝套餐设置', '无法更改蜂窝套餐相关设置（仅部分运营商支持）。', '11.0', SUPERVISED),

  item('allowAppInstallation', 'apps', '禁止安装应用', 'App Store 停用并隐藏，租机人无法安装或更新应用；通过管理下发的应用不受影响。', '4.0', SUPERVISED),
  item('allowUIAppInstallation', 'apps', '禁用 App Store', 'App Store 停用并隐藏，但仍可通过其他方式安装应用；通过管理下发的应用不受影响。', '9.0', SUPERVISED),
  item('allowAppRemoval', 'apps', '禁止删除应用', '无法删除手机上的应用（含管理下发的应用）。', '4.2.1', SUPERVISED),
  item(
    'allowEnterpriseAppTrust',
    'apps',
    '禁止信任企业级应用',
    '设置中的「信任开发者」按钮移除，无法运行未经管理信任的企业签名应用；不撤销已有的信任。',
    '9.0',
    ANY,
  ),
  item('allowInAppPurchases', 'apps', '禁止 App 内购买', '应用内购买不可用。', '4.0', DEPRECATED_UNSUPERVISED),

  item('allowVPNCreation', 'connectivity', '禁止添加 VPN 配置', '无法新建 VPN 配置。', '11.0', SUPERVISED),
  item(
    'forceWiFiPowerOn',
    'connectivity',
    '强制保持 Wi-Fi 开启',
    '租机人无法在设置或控制中心关闭 Wi-Fi（开飞行模式也不行），手机更容易保持在线、及时收到管理指令。',
    '13.0',
    SUPERVISED,
  ),
  item(
    'allowUSBRestrictedMode',
    'connectivity',
    '关闭 USB 受限模式',
    '手机锁定时也始终可以连接 USB 配件（Apple 的 USB 受限模式被关闭）。这是放宽而非收紧，仅在门店需要锁屏时接配件维护时开启。',
    '11.4.1',
    SUPERVISED,
  ),

  item('allowCamera', 'media', '禁用相机', '相机停用并从主屏幕移除，无法拍照。', '4.0', DEPRECATED_UNSUPERVISED),
  item('allowScreenShot', 'media', '禁止截屏和录屏', '无法截屏或录屏。', '3.1', ANY),
  item('allowCloudBackup', 'media', '禁止 iCloud 备份', '手机不能备份到 iCloud。', '5.0', DEPRECATED_UNSUPERVISED),
] as const satisfies readonly AppleRestrictionItem[];

export type AppleRestrictionKey = (typeof APPLE_RESTRICTIONS)[number]['key'];
export const APPLE_RESTRICTION_KEYS = APPLE_RESTRICTIONS.map((r) => r.key) as AppleRestrictionKey[];

const byKey = new Map<string, AppleRestrictionItem>(APPLE_RESTRICTIONS.map((r) => [r.key, r]));
export const appleRestrictionOf = (key: string): AppleRestrictionItem | undefined => byKey.get(key);

/** AppleRestrictionMap is a Restrictions payload in miniature: key → payload value; a missing key is allowed. */
export type AppleRestrictionMap = Partial<Record<AppleRestrictionKey, boolean>>;

/** isAppleRestricted says whether the map turns a restriction on. */
export const isAppleRestricted = (map: Partial<Record<string, boolean>>, key: AppleRestrictionKey): boolean => {
  const value = map[key];
  return value !== undefined && value === byKey.get(key)?.restrictedValue;
};

/** appleRestrictionMapOf builds a map from the keys to restrict (what a row of switches gives). */
export const appleRestrictionMapOf = (restricted: Iterable<string>): AppleRestrictionMap => {
  const map: Record<string, boolean> = {};
  for (const key of restricted) {
    const known = byKey.get(key);
    if (known) map[key] = known.restrictedValue;
  }
  return map;
};

/** appleRestrictedKeys lists the catalogue keys a map turns on, in catalogue order; unknown keys are ignored. */
export const appleRestrictedKeys = (map: Partial<Record<string, boolean>>): AppleRestrictionKey[] =>
  APPLE_RESTRICTION_KEYS.filter((key) => isAppleRestricted(map, key));

/**
 * diffAppleRestrictionKeys names the catalogue keys one map restricts and the other does not (a device against
 * its store's default). `allowCamera: true` and a missing allowCamera are the same thing: not restricted.
 */
export const diffAppleRestrictionKeys = (a: Partial<Record<string, boolean>>, b: Partial<Record<string, boolean>>): string[] =>
  APPLE_RESTRICTION_KEYS.filter((key) => isAppleRestricted(a, key) !== isAppleRestricted(b, key)).sort();

/**
 * APPLE_APP_LIST_KEYS are the Restrictions keys of an app rule: allow-list (only these apps show and launch) and
 * block-list. iOS 15 renamed them; the old names still work and are the only ones before iOS 15. All need supervision.
 */
export const APPLE_APP_LIST_KEYS = {
  allow: { current: 'allowListedAppBundleIDs', legacy: 'whitelistedAppBundleIDs' },
  block: { current: 'blockedAppBundleIDs', legacy: 'blacklistedAppBundleIDs' },
} as const;
/** The iOS version that knows the current names; the legacy names need iOS 9.3. */
export const APPLE_APP_LIST_RENAMED_IN = '15.0';
const APP_LIST_KEYS = new Set<string>(Object.values(APPLE_APP_LIST_KEYS).flatMap((k) => [k.current, k.legacy]));

/** appleKeyNeedsSupervision: an unsupervised iPhone ignores this Restrictions key (catalogue keys and app lists). */
export const appleKeyNeedsSupervision = (key: string): boolean => APP_LIST_KEYS.has(key) || byKey.get(key)?.supervised === true;

/** appleRestrictionKeyLabel is a Restrictions key in the clerk's words (catalogue label, or what the app list does). */
export function appleRestrictionKeyLabel(key: string): string {
  const known = byKey.get(key);
  if (known) return known.label;
  if (key === APPLE_APP_LIST_KEYS.allow.current || key === APPLE_APP_LIST_KEYS.allow.legacy) return '应用白名单';
  if (key === APPLE_APP_LIST_KEYS.block.current || key === APPLE_APP_LIST_KEYS.block.legacy) return '应用黑名单';
  if (key === 'allowEnterpriseAppTrust') return '允许信任企业级应用';
  return key;
}

export interface EssentialAppleApp {
  app_name: string;
  bundle_id: string;
  /** Why a leased phone cannot do without it. */
  reason: string;
}

/**
 * ESSENTIAL_APPLE_APPS stay allowed under every app white list: an allow-list hides everything not on it, Apple's
 * own apps included, and a leased phone must still work as a phone and stay manageable. Phone and Messages (calls,
 * bank and payment SMS codes, the store's reminders), Contacts, and Settings (Wi-Fi, which keeps the phone online
 * for management, and the device management page). Everything else (App Store, Camera…) is the store's choice.
 */
export const ESSENTIAL_APPLE_APPS: readonly EssentialAppleApp[] = [
  { app_name: '电话', bundle_id: 'com.apple.mobilephone', reason: '接打电话、联系门店' },
  { app_name: '信息', bundle_id: 'com.apple.MobileSMS', reason: '接收短信验证码与门店提醒' },
  { app_name: '通讯录', bundle_id: 'com.apple.MobileAddressBook', reason: '拨号和短信需要通讯录' },
  { app_name: '设置', bundle_id: 'com.apple.Preferences', reason: '连接 Wi-Fi 保持在线，查看设备管理信息' },
];

/** allow… keys whose Apple default is false; every other allow… key defaults to true and every force… key to false. */
const ALLOW_KEYS_OFF_BY_DEFAULT = new Set([
  'allowUnpairedExternalBootToRecovery',
  'allowManagedToWriteUnmanagedContacts',
  'allowUnmanagedToReadManagedContacts',
]);

/**
 * appleValueRestricts says whether a Restrictions payload value changes anything on the phone: a boolean at
 * Apple's default does not (an explicit allowEnterpriseAppTrust true, say); app lists and ratings always do.
 */
export function appleValueRestricts(key: string, value: unknown): boolean {
  if (typeof value !== 'boolean') return true;
  const known = byKey.get(key);
  if (known) return value === known.restrictedValue;
  const unrestricted = key.startsWith('force') ? false : !ALLOW_KEYS_OFF_BY_DEFAULT.has(key);
  return value !== unrestricted;
}
