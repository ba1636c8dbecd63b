import type { KeyObject } from 'node:crypto';
import { signCms } from '../ios/cms.ts';
import { generateDeviceKey, selfSignedCertificate } from '../ios/identity.ts';
import { encodePlist } from '../ios/plist-codec.ts';

/** MachineInfo is what a phone in Setup Assistant tells the DEP profile's URL about itself (Apple's machineinfo.yaml). */
export interface MachineInfo {
  serial: string;
  udid: string;
  product?: string;
  version?: string;
  imei?: string;
  meid?: string;
  language?: string;
}

/**
 * depMachineInfo makes the body a DEP phone POSTs to the profile URL (Content-Type application/pkcs7-signature):
 * the MachineInfo plist inside a CMS SignedData. A real phone signs with its Apple-issued device identity; the
 * simulated one signs with a throwaway certificate named like it.
 */
export function depMachineInfo(info: MachineInfo, key: KeyObject = generateDeviceKey()): Buffer {
  const plist = encodePlist({
    UDID: info.udid,
    SERIAL: info.serial,
    PRODUCT: info.product ?? 'iPhone15,2',
    VERSION: info.version ?? '22A3354',
    ...(info.imei ? { IMEI: info.imei } : {}),
    ...(info.meid ? { MEID: info.meid } : {}),
    LANGUAGE: info.language ?? 'zh-Hans',
  });
  const certDer = selfSignedCertificate(key, [['CN', `Apple iPhone Device ${info.udid}`]]);
  return signCms({ content: plist, signer: { key, certDer } });
}

export const DEP_MACHINE_INFO_CONTENT_TYPE = 'application/pkcs7-signature';
