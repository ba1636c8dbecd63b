import {
  CARRIERS,
  CHINA_REGION,
  CHINESE_APPS,
  type CarrierCode,
  DEFAULT_APP_IDENTIFIERS,
  DEFAULT_MODEL,
  type ModelColour,
  type ModelSpec,
  buildOf,
  modelSpec,
} from './device-catalog.ts';
import { type BatteryHealth, type DdmState, type LegacyUpdateCommand, createDdmState } from './ddm/ddm-state.ts';
import { defaultIosOf } from './ddm/ios-releases.ts';
import { randomBypassCode, randomHardwareAddress, randomIccid, randomImei, randomPhoneNumber, randomUdid } from './device-identifiers.ts';
import type { DeviceIdentity } from './identity.ts';
import type { InstalledProfile } from './installed-profile.ts';
import type { PlistValue } from './plist-codec.ts';

/** SimCardOptions describes one SIM; missing ICCID and number are drawn at random for the carrier. */
export interface SimCardOptions {
  slot?: 1 | 2;
  carrier: CarrierCode;
  iccid?: string;
  phoneNumber?: string;
  roaming?: boolean;
}

export interface SimCard {
  slot: 1 | 2;
  carrier: CarrierCode;
  iccid: string;
  phoneNumber: string;
  roaming: boolean;
  dataPreferred: boolean;
  voicePreferred: boolean;
}

/** GeoLocation is a WGS-84 fix, as Core Location (and so DeviceLocation) reports it. */
export interface GeoLocation {
  latitude: number;
  longitude: number;
  altitude?: number;
  horizontalAccuracy?: number;
  verticalAccuracy?: number;
}

export interface InstalledApp {
  identifier: string;
  name: string;
  shortVersion: string;
  version: string;
  bundleSize: number;
  dynamicSize: number;
  /** managed: installed or taken over by MDM. */
  managed: boolean;
  /** removeWithMdm: ManagementFlags bit 1, so the app goes when the MDM profile goes. */
  removeWithMdm: boolean;
}

/** DeviceOptions are the facts of one simulated phone; everything but the serial number has a realistic default. */
export interface DeviceOptions {
  serialNumber: string;
  udid?: string;
  /** ProductName, e.g. 'iPhone15,2' (see IPHONE_MODELS). */
  model?: string;
  colour?: string;
  capacityGb?: number;
  deviceName?: string;
  osVersion?: string;
  buildVersion?: string;
  imei1?: string;
  imei2?: string;
  meid?: string;
  supervised?: boolean;
  /** awaitingConfiguration: a DEP phone held in Setup Assistant until DeviceConfigured. */
  awaitingConfiguration?: boolean;
  sims?: SimCardOptions[];
  location?: GeoLocation;
  /** Bundle identifiers from CHINESE_APPS, or full app records. */
  apps?: (string | InstalledApp)[];
  batteryLevel?: number;
  passcodePresent?: boolean;
  activationLockEnabled?: boolean;
  timeZone?: string;
  /** device.power.battery-health as DDM reports it; default 'normal'. */
  batteryHealth?: BatteryHealth;
}

export type EnrollmentStatus = 'unenrolled' | 'enrolling' | 'enrolled';
export type UnenrollReason = 'never-enrolled' | 'user-removed' | 'server-removed' | 'unrecognized-device' | 'http-401' | 'erased';

/** Enrollment is what the phone keeps from its MDM profile and enrolment handshake. */
export interface Enrollment {
  status: EnrollmentStatus;
  reason?: UnenrollReason;
  profileIdentifier?: string;
  topic?: string;
  serverUrl?: string;
  checkInUrl?: string;
  signMessage?: boolean;
  accessRights?: number;
  checkOutWhenRemoved?: boolean;
  identity?: DeviceIdentity;
  pushToken?: Buffer;
  pushMagic?: string;
  unlockToken?: Buffer;
}

export type OsUpdatePhase = 'Downloading' | 'Downloaded' | 'Installing';

/** OsUpdateProgress is a scheduled update; each OSUpdateStatus query moves it one step on. */
export interface OsUpdateProgress {
  productKey: string;
  version: string;
  build: string;
  action: 'DownloadOnly' | 'InstallASAP';
  percentComplete: number;
  phase: OsUpdatePhase;
}

export interface WallpaperInfo {
  bytes: number;
  sha256: string;
}

export interface CommandLogEntry {
  commandUuid: string;
  requestType: string;
  status: string;
  at: Date;
  errorCode?: number;
}

/** DeviceState is the phone's mutable inside; command handlers read and change it, tests see a snapshot. */
export interface DeviceState {
  hardware: {
    serialNumber: string;
    udid: string;
    model: ModelSpec;
    colour: ModelColour;
    capacityGb: number;
    imei1: string;
    imei2?: string;
    meid?: string;
    wifiMac: string;
    bluetoothMac: string;
  };
  os: { version: string; build: string; update?: OsUpdateProgress };
  deviceName: string;
  supervised: boolean;
  awaitingConfiguration: boolean;
  timeZone: string;
  enrollment: Enrollment;
  lostMode: { enabled: boolean; message?: string; phoneNumber?: string; footnote?: string; soundPlaying: boolean };
  location: GeoLocation;
  batteryLevel: number;
  sims: SimCard[];
  apps: Map<string, InstalledApp>;
  profiles: Map<string, InstalledProfile>;
  wallpaper: { lockScreen?: WallpaperInfo; homeScreen?: WallpaperInfo; lastWhere?: number };
  passcodePresent: boolean;
  activationLock: { enabled: boolean; bypassCode?: string };
  /** Settings items without their own field (Bluetooth, DataRoaming…), by item name. */
  settings: Record<string, PlistValue>;
  counters: { erased: number; reboots: number };
  log: CommandLogEntry[];
  /** The Declarative Device Management client; it goes with the enrolment. */
  ddm: DdmState;
  batteryHealth: BatteryHealth;
  /** Removed software-update commands received on iOS 17 or later (they survive erases, for tests to assert on). */
  legacyUpdateCommands: LegacyUpdateCommand[];
}

/** SHENZHEN: Futian, the default position of a simulated phone (WGS-84). */
export const SHENZHEN: GeoLocation = { latitude: 22.54, longitude: 114.06, altitude: 15, horizontalAccuracy: 65, verticalAccuracy: 10 };

/** appFromCatalog turns a catalogue entry into an installed app; the user installed it unless MDM says otherwise. */
export function appFromCatalog(identifier: string, managed = false, removeWithMdm = false): InstalledApp {
  const spec = CHINESE_APPS.find((a) => a.identifier === identifier);
  if (!spec) throw new Error(`unknown app ${identifier}; pass a full InstalledApp instead`);
  const { name, shortVersion, version, bundleSize } = spec;
  return { identifier, name, shortVersion, version, bundleSize, dynamicSize: Math.round(bundleSize * 0.4), managed, removeWithMdm };
}

function simCards(options: SimCardOptions[] | undefined): SimCard[] {
  const wanted = options ?? [{ carrier: 'CMCC' as const }];
  return wanted.map((sim, i) => ({
    slot: sim.slot ?? (i === 0 ? 1 : 2),
    carrier: sim.carrier,
    iccid: sim.iccid ?? randomIccid(sim.carrier),
    phoneNumber: sim.phoneNumber ?? randomPhoneNumber(sim.carrier),
    roaming: sim.roaming ?? false,
    dataPreferred: i === 0,
    voicePreferred: i === 0,
  }));
}

/** createDeviceState fills in a phone as it leaves the box, with the options' facts taking precedence. */
export function createDeviceState(options: DeviceOptions): DeviceState {
  const model = modelSpec(options.model ?? DEFAULT_MODEL);
  const colour = model.colours.find((c) => c.name === options.colour) ?? model.colours[0];
  const osVersion = options.osVersion ?? defaultIosOf(model.productName);
  const imei1 = options.imei1 ?? randomImei(model.typeAllocationCode);
  const supervised = options.supervised ?? true;
  const apps = (options.apps ?? DEFAULT_APP_IDENTIFIERS).map((a) => (typeof a === 'string' ? appFromCatalog(a) : a));
  return {
    hardware: {
      serialNumber: options.serialNumber,
      udid: options.udid ?? randomUdid(model.chipId),
      model,
      colour,
      capacityGb: options.capacityGb ?? model.capacitiesGb[0],
      imei1,
      imei2: options.imei2 ?? (model.dualPhysicalSim ? randomImei(model.typeAllocationCode) : undefined),
      // CDMA-capable iPhones report the first 14 IMEI digits as their MEID.
      meid: options.meid ?? imei1.slice(0, 14),
      wifiMac: randomHardwareAddress(),
      bluetoothMac: randomHardwareAddress(),
    },
    os: { version: osVersion, build: options.buildVersion ?? buildOf(osVersion) },
    deviceName: options.deviceName ?? 'iPhone',
    supervised,
    awaitingConfiguration: options.awaitingConfiguration ?? false,
    timeZone: options.timeZone ?? 'Asia/Shanghai',
    enrollment: { status: 'unenrolled', reason: 'never-enrolled' },
    lostMode: { enabled: false, soundPlaying: false },
    location: { ...SHENZHEN, ...options.location },
    batteryLevel: options.batteryLevel ?? 0.85,
    sims: simCards(options.sims),
    apps: new Map(apps.map((a) => [a.identifier, a])),
    profiles: new Map(),
    wallpaper: {},
    passcodePresent: options.passcodePresent ?? true,
    activationLock: { enabled: options.activationLockEnabled ?? false, bypassCode: supervised ? randomBypassCode() : undefined },
    settings: {},
    counters: { erased: 0, reboots: 0 },
    log: [],
    ddm: createDdmState(),
    batteryHealth: options.batteryHealth ?? 'normal',
    legacyUpdateCommands: [],
  };
}

/** modelNumberOf is the part number with region (e.g. 'MQ0D3CH/A'), which also tells the colour. */
export const modelNumberOf = (state: DeviceState): string => `${state.hardware.colour.part}${CHINA_REGION}`;

/** carrierName is the network name ServiceSubscriptions reports for a SIM. */
export const carrierName = (sim: SimCard): string => CARRIERS[sim.carrier].name;

/**
 * removeManagement does what iOS does when its MDM profile goes (removed, refused by the server, or a 401):
 * managed profiles, apps flagged to go with MDM, and lost mode all go with it.
 */
export function removeManagement(state: DeviceState, reason: UnenrollReason): void {
  for (const [identifier, profile] of state.profiles)
    if (profile.managed || identifier === state.enrollment.profileIdentifier) state.profiles.delete(identifier);
  for (const [identifier, app] of state.apps) if (app.managed && app.removeWithMdm) state.apps.delete(identifier);
  state.lostMode = { enabled: false, soundPlaying: false };
  state.os.update = undefined;
  state.ddm = createDdmState();
  state.enrollment = { status: 'unenrolled', reason };
}

/** eraseAllContent is "Erase All Content and Settings": the phone comes back as new, keeping only its hardware and OS. */
export function eraseAllContent(state: DeviceState): void {
  removeManagement(state, 'erased');
  state.profiles.clear();
  state.apps.clear();
  state.wallpaper = {};
  state.settings = {};
  state.passcodePresent = false;
  state.deviceName = 'iPhone';
  state.counters.erased += 1;
  state.counters.reboots += 1;
}
