import { randomInt } from 'node:crypto';
import type { CarrierCode } from '../ios/device-catalog.ts';
import { CARRIERS } from '../ios/device-catalog.ts';
import { randomIccid, randomImei } from '../ios/device-identifiers.ts';

/** AndroidModel is a phone the simulator can pretend to be: Build.BRAND, MANUFACTURER, MODEL, its TAC and SDK. */
export interface AndroidModel {
  brand: string;
  manufacturer: string;
  model: string;
  tac: string;
  sdkInt: number;
  osVersion: string;
  /** The vendor channel such a phone would use (0 = plain device owner). */
  channel: number;
}

export const ANDROID_MODELS: readonly AndroidModel[] = [
  { brand: 'honor', manufacturer: 'HONOR', model: 'ALI-AN00', tac: '86891206', sdkInt: 33, osVersion: '13', channel: 1 },
  { brand: 'xiaomi', manufacturer: 'Xiaomi', model: '23127PN0CC', tac: '86775806', sdkInt: 34, osVersion: '14', channel: 2 },
  { brand: 'redmi', manufacturer: 'Xiaomi', model: '23090RA98C', tac: '86459106', sdkInt: 34, osVersion: '14', channel: 2 },
  { brand: 'oppo', manufacturer: 'OPPO', model: 'PHW110', tac: '86687606', sdkInt: 34, osVersion: '14', channel: 3 },
  { brand: 'vivo', manufacturer: 'vivo', model: 'V2309A', tac: '86398806', sdkInt: 34, osVersion: '14', channel: 4 },
  { brand: 'samsung', manufacturer: 'samsung', model: 'SM-S9210', tac: '35291962', sdkInt: 34, osVersion: '14', channel: 0 },
  { brand: 'oneplus', manufacturer: 'OnePlus', model: 'PJD110', tac: '86741206', sdkInt: 34, osVersion: '14', channel: 0 },
];

/** CHINESE_ANDROID_APPS are the apps a simulated phone reports as installed. */
export const CHINESE_ANDROID_APPS = [
  { app_name: '微信', package_name: 'com.tencent.mm', version: '8.0.49' },
  { app_name: '支付宝', package_name: 'com.eg.android.AlipayGphone', version: '10.6.0' },
  { app_name: '抖音', package_name: 'com.ss.android.ugc.aweme', version: '30.1.0' },
  { app_name: '淘宝', package_name: 'com.taobao.taobao', version: '10.35.10' },
  { app_name: '高德地图', package_name: 'com.autonavi.minimap', version: '13.18.0' },
  { app_name: '美团', package_name: 'com.sankuai.meituan', version: '12.20.401' },
  { app_name: 'QQ', package_name: 'com.tencent.mobileqq', version: '9.0.60' },
];

export const pickModel = (): AndroidModel => ANDROID_MODELS[randomInt(ANDROID_MODELS.length)];

/** randomSims makes one or two SIM cards from mainland carriers. */
export function randomSims(count = 1): { slot: number; iccid: string; carrier: string; phone_number: string }[] {
  const codes = Object.keys(CARRIERS) as CarrierCode[];
  return Array.from({ length: count }, (_, i) => {
    const code = codes[randomInt(codes.length)];
    const prefixes = CARRIERS[code].numberPrefixes;
    return {
      slot: i + 1,
      iccid: randomIccid(code),
      carrier: CARRIERS[code].name,
      phone_number: `${prefixes[randomInt(prefixes.length)]}${String(randomInt(1e8)).padStart(8, '0')}`,
    };
  });
}

export const randomAndroidImei = (model: AndroidModel) => randomImei(model.tac);
export const randomAndroidSerial = () => Array.from({ length: 12 }, () => '0123456789ABCDEF'[randomInt(16)]).join('');
