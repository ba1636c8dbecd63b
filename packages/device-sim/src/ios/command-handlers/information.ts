import { createHash } from 'node:crypto';
import { CARRIERS, CARRIER_SETTINGS_VERSION, compareVersions } from '../device-catalog.ts';
import { type DeviceState, type SimCard, carrierName, modelNumberOf } from '../device-state.ts';
import { type PlistDict, type PlistValue, stringsOf } from '../plist-codec.ts';
import { type HandlerTable, acknowledged, formatError } from './command-outcome.ts';

type Answer = (state: DeviceState) => PlistValue | undefined;

const osMajor = (state: DeviceState) => Number(state.os.version.split('.')[0]);
/** SYSTEM_GB is what iOS itself takes of the flash, so AvailableDeviceCapacity never reaches DeviceCapacity. */
const SYSTEM_GB = 11.5;

function availableCapacity(state: DeviceState): number {
  const appsGb = [...state.apps.values()].reduce((sum, a) => sum + (a.bundleSize + a.dynamicSize) / 1e9, 0);
  return Math.max(0, Math.round((state.hardware.capacityGb - SYSTEM_GB - appsGb) * 100) / 100);
}

/** labelIdOf derives a stable subscription UUID from the ICCID, as iOS keeps one per SIM. */
function labelIdOf(iccid: string): string {
  const hex = createHash('sha256').update(iccid).digest('hex').toUpperCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** subscription is one ServiceSubscriptions entry: an IMEI slot, with its SIM's details when one is inserted. */
function subscription(state: DeviceState, slot: 1 | 2, imei: string): PlistDict {
  const entry: PlistDict = { Slot: slot === 1 ? 'CTSubscriptionSlotOne' : 'CTSubscriptionSlotTwo', IMEI: imei };
  if (slot === 1 && state.hardware.meid) entry.MEID = state.hardware.meid;
  const sim = state.sims.find((s) => s.slot === slot);
  if (!sim) return entry;
  const carrier = CARRIERS[sim.carrier];
  return {
    ...entry,
    ICCID: sim.iccid,
    PhoneNumber: sim.phoneNumber,
    Label: slot === 1 ? '主号' : '副号',
    LabelID: labelIdOf(sim.iccid),
    CurrentCarrierNetwork: carrier.name,
    ...(osMajor(state) >= 16 ? { SubscriberCarrierNetwork: carrier.name } : {}),
    CarrierSettingsVersion: CARRIER_SETTINGS_VERSION,
    CurrentMCC: carrier.mcc,
    CurrentMNC: carrier.mnc,
    IsDataPreferred: sim.dataPreferred,
    IsVoicePreferred: sim.voicePreferred,
    IsRoaming: sim.roaming,
  };
}

function serviceSubscriptions(state: DeviceState): PlistDict[] {
  const { imei1, imei2 } = state.hardware;
  return [subscription(state, 1, imei1), ...(imei2 ? [subscription(state, 2, imei2)] : [])];
}

/** legacySim answers a per-SIM key at the top level, which iOS stopped doing in iOS 16 (ServiceSubscriptions replaced it). */
const legacySim =
  (read: (sim: SimCard) => PlistValue): Answer =>
  (state) =>
    osMajor(state) < 16 && state.sims[0] ? read(state.sims[0]) : undefined;

/** ANSWERS maps each DeviceInformation query this phone knows to its value; unknown queries are left out, as iOS does. */
const ANSWERS: Record<string, Answer> = {
  UDID: (s) => s.hardware.udid,
  SerialNumber: (s) => s.hardware.serialNumber,
  ProductName: (s) => s.hardware.model.productName,
  Model: modelNumberOf,
  ModelName: () => 'iPhone',
  ModelNumber: (s) => (compareVersions(s.os.version, '16.4') >= 0 ? modelNumberOf(s) : undefined),
  DeviceName: (s) => s.deviceName,
  OSVersion: (s) => s.os.version,
  BuildVersion: (s) => s.os.build,
  IMEI: (s) => s.hardware.imei1,
  MEID: (s) => s.hardware.meid,
  ModemFirmwareVersion: () => '2.50.03',
  CellularTechnology: () => 3,
  BatteryLevel: (s) => s.batteryLevel,
  DeviceCapacity: (s) => s.hardware.capacityGb,
  AvailableDeviceCapacity: availableCapacity,
  IsSupervised: (s) => s.supervised,
  IsMDMLostModeEnabled: (s) => s.lostMode.enabled,
  IsActivationLockEnabled: (s) => s.activationLock.enabled,
  IsDeviceLocatorServiceEnabled: () => true,
  IsCloudBackupEnabled: () => false,
  IsDoNotDisturbInEffect: () => false,
  AwaitingConfiguration: (s) => s.awaitingConfiguration,
  WiFiMAC: (s) => s.hardware.wifiMac,
  BluetoothMAC: (s) => s.hardware.bluetoothMac,
  TimeZone: (s) => s.timeZone,
  PushToken: (s) => s.enrollment.pushToken,
  ServiceSubscriptions: serviceSubscriptions,
  DataRoamingEnabled: (s) => s.settings.DataRoaming === true,
  PersonalHotspotEnabled: (s) => s.settings.PersonalHotspot === true,
  ICCID: legacySim((sim) => sim.iccid),
  PhoneNumber: legacySim((sim) => sim.phoneNumber),
  CurrentCarrierNetwork: legacySim(carrierName),
  SubscriberCarrierNetwork: legacySim(carrierName),
  CarrierSettingsVersion: legacySim(() => CARRIER_SETTINGS_VERSION),
  CurrentMCC: legacySim((sim) => CARRIERS[sim.carrier].mcc),
  CurrentMNC: legacySim((sim) => CARRIERS[sim.carrier].mnc),
  SubscriberMCC: legacySim((sim) => CARRIERS[sim.carrier].mcc),
  SubscriberMNC: legacySim((sim) => CARRIERS[sim.carrier].mnc),
  IsRoaming: legacySim((sim) => sim.roaming),
  VoiceRoamingEnabled: legacySim(() => true),
};

/** informationHandlers answer DeviceInformation (exactly the requested queries) and SecurityInfo. */
export const informationHandlers: HandlerTable = {
  DeviceInformation: {
    run: ({ state, request }) => {
      const queries = stringsOf(request, 'Queries');
      if (!queries) return formatError('DeviceInformation needs Queries');
      const responses: PlistDict = {};
      for (const query of queries) {
        const value = ANSWERS[query]?.(state);
        if (value !== undefined) responses[query] = value;
      }
      return acknowledged({ QueryResponses: responses });
    },
  },
  SecurityInfo: {
    run: ({ state }) =>
      acknowledged({
        SecurityInfo: {
          HardwareEncryptionCaps: 3,
          PasscodePresent: state.passcodePresent,
          PasscodeCompliant: true,
          PasscodeCompliantWithProfiles: true,
          PasscodeLockGracePeriodEnforced: 0,
          ManagementStatus: { IsUserEnrollment: false },
        },
      }),
  },
};
