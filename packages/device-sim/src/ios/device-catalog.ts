/**
 * Static facts a simulated iPhone draws on: mainland-China iPhone models, iOS builds, common Chinese apps and the
 * three carriers. Part numbers follow Apple's format (base + region `CH/A`, mainland China); they are
 * representative, one per colour, not a complete price list.
 */

import { releaseOf } from './ddm/ios-releases.ts';

export interface ModelColour {
  /** Colour as Apple China names it. */
  name: string;
  /** Part number without region, e.g. 'MTP43'; ModelNumber is this plus 'CH/A'. */
  part: string;
}

export interface ModelSpec {
  /** ProductName, the hardware identifier (e.g. 'iPhone15,2'). */
  productName: string;
  marketingName: string;
  /** Chip id that opens the UDID of A12-and-later phones: '00008120-…'. */
  chipId: string;
  /** Regulatory model number of the mainland-China variant. */
  regulatoryModel: string;
  /** Type Allocation Code: the first 8 IMEI digits. */
  typeAllocationCode: string;
  capacitiesGb: number[];
  colours: ModelColour[];
  /** Mainland-China models take two physical SIMs instead of an eSIM. */
  dualPhysicalSim: boolean;
}

export const CHINA_REGION = 'CH/A';

export const IPHONE_MODELS: readonly ModelSpec[] = [
  {
    productName: 'iPhone14,5',
    marketingName: 'iPhone 13',
    chipId: '8110',
    regulatoryModel: 'A2634',
    typeAllocationCode: '35320972',
    capacitiesGb: [128, 256, 512],
    dualPhysicalSim: true,
    colours: [
      { name: '午夜色', part: 'MLDY3' },
      { name: '星光色', part: 'MLE03' },
      { name: '粉色', part: 'MLE23' },
    ],
  },
  {
    productName: 'iPhone14,7',
    marketingName: 'iPhone 14',
    chipId: '8110',
    regulatoryModel: 'A2884',
    typeAllocationCode: '35209466',
    capacitiesGb: [128, 256, 512],
    dualPhysicalSim: true,
    colours: [
      { name: '午夜色', part: 'MPUA3' },
      { name: '蓝色', part: 'MPUE3' },
      { name: '紫色', part: 'MPUF3' },
    ],
  },
  {
    productName: 'iPhone15,2',
    marketingName: 'iPhone 14 Pro',
    chipId: '8120',
    regulatoryModel: 'A2892',
    typeAllocationCode: '35391711',
    capacitiesGb: [128, 256, 512, 1024],
    dualPhysicalSim: true,
    colours: [
      { name: '深空黑色', part: 'MQ0D3' },
      { name: '银色', part: 'MQ0F3' },
      { name: '暗紫色', part: 'MQ0K3' },
    ],
  },
  {
    productName: 'iPhone15,3',
    marketingName: 'iPhone 14 Pro Max',
    chipId: '8120',
    regulatoryModel: 'A2896',
    typeAllocationCode: '35391811',
    capacitiesGb: [128, 256, 512, 1024],
    dualPhysicalSim: true,
    colours: [
      { name: '深空黑色', part: 'MQ863' },
      { name: '金色', part: 'MQ883' },
      { name: '暗紫色', part: 'MQ8A3' },
    ],
  },
  {
    productName: 'iPhone15,4',
    marketingName: 'iPhone 15',
    chipId: '8120',
    regulatoryModel: 'A3092',
    typeAllocationCode: '35702448',
    capacitiesGb: [128, 256, 512],
    dualPhysicalSim: true,
    colours: [
      { name: '黑色', part: 'MTLE3' },
      { name: '蓝色', part: 'MTLG3' },
      { name: '粉色', part: 'MTLH3' },
    ],
  },
  {
    productName: 'iPhone16,1',
    marketingName: 'iPhone 15 Pro',
    chipId: '8130',
    regulatoryModel: 'A3104',
    typeAllocationCode: '35811322',
    capacitiesGb: [128, 256, 512, 1024],
    dualPhysicalSim: true,
    colours: [
      { name: '黑色钛金属', part: 'MTP43' },
      { name: '白色钛金属', part: 'MTP53' },
      { name: '原色钛金属', part: 'MTP73' },
    ],
  },
  {
    productName: 'iPhone16,2',
    marketingName: 'iPhone 15 Pro Max',
    chipId: '8130',
    regulatoryModel: 'A3108',
    typeAllocationCode: '35811422',
    capacitiesGb: [256, 512, 1024],
    dualPhysicalSim: true,
    colours: [
      { name: '黑色钛金属', part: 'MU2N3' },
      { name: '蓝色钛金属', part: 'MU2Q3' },
      { name: '原色钛金属', part: 'MU2R3' },
    ],
  },
  {
    productName: 'iPhone17,3',
    marketingName: 'iPhone 16',
    chipId: '8140',
    regulatoryModel: 'A3288',
    typeAllocationCode: '35092875',
    capacitiesGb: [128, 256, 512],
    dualPhysicalSim: true,
    colours: [
      { name: '黑色', part: 'MYE73' },
      { name: '群青色', part: 'MYEE3' },
      { name: '深青色', part: 'MYED3' },
    ],
  },
  {
    productName: 'iPhone18,3',
    marketingName: 'iPhone 17',
    chipId: '8150',
    regulatoryModel: 'A3521',
    typeAllocationCode: '35671203',
    capacitiesGb: [256, 512],
    dualPhysicalSim: true,
    colours: [
      { name: '薰衣草紫色', part: 'MG6P4' },
      { name: '青雾蓝色', part: 'MG6Q4' },
      { name: '鼠尾草绿色', part: 'MG6R4' },
    ],
  },
  {
    productName: 'iPhone18,1',
    marketingName: 'iPhone 17 Pro',
    chipId: '8150',
    regulatoryModel: 'A3525',
    typeAllocationCode: '35671318',
    capacitiesGb: [256, 512, 1024],
    dualPhysicalSim: true,
    colours: [
      { name: '星宇橙色', part: 'MG8H4' },
      { name: '深蓝色', part: 'MG8J4' },
      { name: '银色', part: 'MG8G4' },
    ],
  },
  {
    productName: 'iPhone18,2',
    marketingName: 'iPhone 17 Pro Max',
    chipId: '8150',
    regulatoryModel: 'A3527',
    typeAllocationCode: '35671422',
    capacitiesGb: [256, 512, 1024, 2048],
    dualPhysicalSim: true,
    colours: [
      { name: '星宇橙色', part: 'MFYN4' },
      { name: '深蓝色', part: 'MFYP4' },
    ],
  },
  {
    // Sold as eSIM only, mainland China included.
    productName: 'iPhone18,4',
    marketingName: 'iPhone Air',
    chipId: '8150',
    regulatoryModel: 'A3518',
    typeAllocationCode: '35671530',
    capacitiesGb: [256, 512, 1024],
    dualPhysicalSim: false,
    colours: [
      { name: '天蓝色', part: 'MG2L4' },
      { name: '浅金色', part: 'MG2M4' },
      { name: '云白色', part: 'MG2N4' },
      { name: '深空黑色', part: 'MG2K4' },
    ],
  },
];

export const DEFAULT_MODEL = 'iPhone15,2';

/** modelSpec finds a model by ProductName; unknown identifiers are refused so typos do not become fake phones. */
export function modelSpec(productName: string): ModelSpec {
  const spec = IPHONE_MODELS.find((m) => m.productName === productName);
  if (!spec) throw new Error(`unknown iPhone model ${productName}; known: ${IPHONE_MODELS.map((m) => m.productName).join(', ')}`);
  return spec;
}

export interface IosRelease {
  version: string;
  build: string;
  /** Download and install sizes in bytes of the over-the-air update to this release. */
  downloadSize: number;
  installSize: number;
}

/**
 * IOS_RELEASES are the releases the removed MDM update commands (AvailableOSUpdates, ScheduleOSUpdate) offer, oldest
 * first; a fixed subset so those commands answer as existing tests expect. Declarative management and deferral use the
 * full catalogue with release dates, IOS_CATALOGUE in ddm/ios-releases.ts.
 */
export const IOS_RELEASES: readonly IosRelease[] = [
  { version: '16.7.10', build: '20H350', downloadSize: 442_000_000, installSize: 1_900_000_000 },
  { version: '17.4.1', build: '21E236', downloadSize: 598_000_000, installSize: 2_400_000_000 },
  { version: '17.5.1', build: '21F90', downloadSize: 612_000_000, installSize: 2_500_000_000 },
  { version: '17.6.1', build: '21G93', downloadSize: 655_000_000, installSize: 2_600_000_000 },
  { version: '18.0.1', build: '22A3370', downloadSize: 3_300_000_000, installSize: 7_100_000_000 },
  { version: '18.1', build: '22B83', downloadSize: 1_200_000_000, installSize: 3_900_000_000 },
  { version: '18.1.1', build: '22B91', downloadSize: 520_000_000, installSize: 2_100_000_000 },
];

export { compareVersions } from './ddm/ios-releases.ts';

/** buildOf gives the build of a known release (ddm/ios-releases.ts); unknown versions get a made-up build so any version can be simulated. */
export const buildOf = (version: string): string => releaseOf(version)?.build ?? `${Number(version.split('.')[0]) + 4}Z${version.replace(/\./g, '')}`;

export interface AppSpec {
  identifier: string;
  name: string;
  iTunesStoreId: number;
  shortVersion: string;
  version: string;
  bundleSize: number;
}

/** CHINESE_APPS: popular App Store apps in mainland China, the first few of which a fresh simulated phone carries. */
export const CHINESE_APPS: readonly AppSpec[] = [
  { identifier: 'com.tencent.xin', name: '微信', iTunesStoreId: 414478124, shortVersion: '8.0.50', version: '8.0.50.34', bundleSize: 612_000_000 },
  {
    identifier: 'com.alipay.iphoneclient',
    name: '支付宝',
    iTunesStoreId: 333206289,
    shortVersion: '10.6.20',
    version: '10.6.20.6000',
    bundleSize: 498_000_000,
  },
  { identifier: 'com.ss.iphone.ugc.Aweme', name: '抖音', iTunesStoreId: 1142110895, shortVersion: '30.5.0', version: '30.5.0.2', bundleSize: 701_000_000 },
  { identifier: 'com.taobao.taobao4iphone', name: '淘宝', iTunesStoreId: 387682726, shortVersion: '10.37.10', version: '10.37.10.3', bundleSize: 455_000_000 },
  { identifier: 'com.meituan.imeituan', name: '美团', iTunesStoreId: 423084029, shortVersion: '12.22.403', version: '12.22.403.1', bundleSize: 389_000_000 },
  { identifier: 'com.autonavi.amap', name: '高德地图', iTunesStoreId: 461703208, shortVersion: '15.05.0', version: '15.05.0.2031', bundleSize: 402_000_000 },
  { identifier: 'com.tencent.mqq', name: 'QQ', iTunesStoreId: 444934666, shortVersion: '9.0.80', version: '9.0.80.613', bundleSize: 530_000_000 },
  { identifier: 'com.xunmeng.pinduoduo', name: '拼多多', iTunesStoreId: 1044283059, shortVersion: '7.22.0', version: '7.22.0.1', bundleSize: 250_000_000 },
  { identifier: 'tv.danmaku.bilianime', name: '哔哩哔哩', iTunesStoreId: 736536022, shortVersion: '8.5.0', version: '8.5.0.1', bundleSize: 320_000_000 },
  { identifier: 'com.laiwang.DingTalk', name: '钉钉', iTunesStoreId: 930368978, shortVersion: '7.6.5', version: '7.6.5.3', bundleSize: 480_000_000 },
];

export const DEFAULT_APP_IDENTIFIERS = [
  'com.tencent.xin',
  'com.alipay.iphoneclient',
  'com.ss.iphone.ugc.Aweme',
  'com.taobao.taobao4iphone',
  'com.meituan.imeituan',
  'com.autonavi.amap',
];

export type CarrierCode = 'CMCC' | 'CUCC' | 'CTCC';

export interface CarrierSpec {
  name: string;
  mcc: string;
  mnc: string;
  /** The first six ICCID digits (89 telecom, 86 China, issuer). */
  iccidPrefix: string;
  /** Mobile number prefixes the carrier hands out. */
  numberPrefixes: string[];
}

export const CARRIERS: Record<CarrierCode, CarrierSpec> = {
  CMCC: { name: '中国移动', mcc: '460', mnc: '00', iccidPrefix: '898600', numberPrefixes: ['139', '138', '135', '150', '188'] },
  CUCC: { name: '中国联通', mcc: '460', mnc: '01', iccidPrefix: '898601', numberPrefixes: ['186', '185', '156', '131'] },
  CTCC: { name: '中国电信', mcc: '460', mnc: '11', iccidPrefix: '898611', numberPrefixes: ['189', '133', '153', '177'] },
};

/** CARRIER_SETTINGS_VERSION is the carrier bundle version an up-to-date phone reports. */
export const CARRIER_SETTINGS_VERSION = '61.0';
