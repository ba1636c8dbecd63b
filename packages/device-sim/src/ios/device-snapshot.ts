import { type DdmSnapshot, ddmSnapshotOf } from './ddm/ddm-snapshot.ts';
import type { BatteryHealth, LegacyUpdateCommand } from './ddm/ddm-state.ts';
import { type RestrictionsInForce, restrictionsInForce } from './installed-profile.ts';
import {
  type CommandLogEntry,
  type DeviceState,
  type EnrollmentStatus,
  type GeoLocation,
  type OsUpdatePhase,
  type UnenrollReason,
  type WallpaperInfo,
  carrierName,
  modelNumberOf,
} from './device-state.ts';

/** IphoneSnapshot is a read-only picture of a simulated phone, for tests and the CLI to assert on. */
export interface IphoneSnapshot {
  serialNumber: string;
  udid: string;
  productName: string;
  marketingName: string;
  modelNumber: string;
  colour: string;
  osVersion: string;
  buildVersion: string;
  deviceName: string;
  supervised: boolean;
  enrollment: {
    status: EnrollmentStatus;
    reason?: UnenrollReason;
    topic?: string;
    serverUrl?: string;
    /** Lower-case hex of the APNs token sent in TokenUpdate. */
    pushToken?: string;
    pushMagic?: string;
  };
  lostMode: { enabled: boolean; message?: string; phoneNumber?: string; footnote?: string };
  soundPlaying: boolean;
  location: GeoLocation;
  battery: number;
  sims: { slot: number; carrier: string; iccid: string; phoneNumber: string }[];
  apps: { identifier: string; name: string; version: string; managed: boolean }[];
  /** Installed profiles by PayloadIdentifier: their payload types and the restriction keys inside. */
  profiles: Record<string, { managed: boolean; payloadTypes: string[]; restrictions: string[] }>;
  /** What all installed profiles restrict together, app allow/block lists included (the most restrictive wins). */
  restrictions: RestrictionsInForce;
  wallpaper: { where?: number; lockScreen?: WallpaperInfo; homeScreen?: WallpaperInfo };
  passcodePresent: boolean;
  erasedCount: number;
  rebootCount: number;
  osUpdate?: { productKey: string; version: string; phase: OsUpdatePhase; percentComplete: number };
  activationLockBypassCode?: string;
  awaitingConfiguration: boolean;
  settings: Record<string, unknown>;
  commandLog: CommandLogEntry[];
  batteryHealth: BatteryHealth;
  /** Declarative Device Management: declarations, their state, subscriptions, the update in progress, reports sent. */
  ddm: DdmSnapshot;
  /** Removed software-update commands this phone received while on iOS 17 or later. */
  legacyUpdateCommands: LegacyUpdateCommand[];
}

/** deepFreeze skips byte arrays, which JavaScript cannot freeze. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** snapshotOf copies the state into plain frozen data (no Buffers or Maps), so a test cannot change the phone. */
export function snapshotOf(state: DeviceState): Readonly<IphoneSnapshot> {
  const { hardware, enrollment, lostMode, os, wallpaper } = state;
  return deepFreeze({
    serialNumber: hardware.serialNumber,
    udid: hardware.udid,
    productName: hardware.model.productName,
    marketingName: hardware.model.marketingName,
    modelNumber: modelNumberOf(state),
    colour: hardware.colour.name,
    osVersion: os.version,
    buildVersion: os.build,
    deviceName: state.deviceName,
    supervised: state.supervised,
    enrollment: {
      status: enrollment.status,
      reason: enrollment.reason,
      topic: enrollment.topic,
      serverUrl: enrollment.serverUrl,
      pushToken: enrollment.pushToken?.toString('hex'),
      pushMagic: enrollment.pushMagic,
    },
    lostMode: { enabled: lostMode.enabled, message: lostMode.message, phoneNumber: lostMode.phoneNumber, footnote: lostMode.footnote },
    soundPlaying: lostMode.soundPlaying,
    location: { ...state.location },
    battery: state.batteryLevel,
    sims: state.sims.map((s) => ({ slot: s.slot, carrier: carrierName(s), iccid: s.iccid, phoneNumber: s.phoneNumber })),
    apps: [...state.apps.values()].map((a) => ({ identifier: a.identifier, name: a.name, version: a.shortVersion, managed: a.managed })),
    profiles: Object.fromEntries(
      [...state.profiles.values()].map((p) => [
        p.identifier,
        { managed: p.managed, payloadTypes: p.payloads.map((x) => x.type), restrictions: Object.keys(p.restrictions) },
      ]),
    ),
    restrictions: restrictionsInForce(state.profiles.values()),
    wallpaper: {
      where: wallpaper.lastWhere,
      lockScreen: wallpaper.lockScreen && { ...wallpaper.lockScreen },
      homeScreen: wallpaper.homeScreen && { ...wallpaper.homeScreen },
    },
    passcodePresent: state.passcodePresent,
    erasedCount: state.counters.erased,
    rebootCount: state.counters.reboots,
    osUpdate: os.update && { productKey: os.update.productKey, version: os.update.version, phase: os.update.phase, percentComplete: os.update.percentComplete },
    activationLockBypassCode: state.activationLock.bypassCode,
    awaitingConfiguration: state.awaitingConfiguration,
    settings: structuredClone(state.settings),
    commandLog: state.log.map((entry) => ({ ...entry, at: new Date(entry.at) })),
    batteryHealth: state.batteryHealth,
    ddm: ddmSnapshotOf(state),
    legacyUpdateCommands: state.legacyUpdateCommands.map((c) => ({ ...c, at: new Date(c.at) })),
  });
}
