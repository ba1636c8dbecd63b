import { randomUUID } from 'node:crypto';
import type { PlistDict, PlistValue } from './plist.ts';

/** MdmCommand is the plist the connect endpoint hands a device: `{CommandUUID, Command: {RequestType, …}}`. */
export type MdmCommand = {
  CommandUUID: string;
  Command: PlistDict & { RequestType: string };
};

/** CommandOptions lets the caller fix the CommandUUID (the queue row's id); otherwise a new UUID is drawn. */
export interface CommandOptions {
  uuid?: string;
}

function command(requestType: string, fields: Record<string, PlistValue | undefined>, options: CommandOptions): MdmCommand {
  const body: MdmCommand['Command'] = { RequestType: requestType };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body[key] = value;
  return { CommandUUID: options.uuid ?? randomUUID().toUpperCase(), Command: body };
}

/**
 * DEVICE_INFORMATION_QUERIES: the facts the console shows. Colour has no query key in Apple's schema; it follows
 * from ModelNumber (the part number). IMEI, MEID, ICCID and PhoneNumber are deprecated top-level keys since iOS 16
 * (ServiceSubscriptions carries them per SIM) but older phones still answer them.
 */
export const DEVICE_INFORMATION_QUERIES = [
  'UDID',
  'DeviceName',
  'Model',
  'ModelName',
  'ModelNumber',
  'ProductName',
  'SerialNumber',
  'OSVersion',
  'BuildVersion',
  'SupplementalOSVersionExtra',
  'IMEI',
  'MEID',
  'ICCID',
  'PhoneNumber',
  'ServiceSubscriptions',
  'CellularTechnology',
  'ModemFirmwareVersion',
  'IsRoaming',
  'BatteryLevel',
  'DeviceCapacity',
  'AvailableDeviceCapacity',
  'IsSupervised',
  'IsActivationLockEnabled',
  'IsMDMLostModeEnabled',
  'IsDeviceLocatorServiceEnabled',
  'IsCloudBackupEnabled',
  'LastCloudBackupDate',
  'AwaitingConfiguration',
  'WiFiMAC',
  'BluetoothMAC',
  'TimeZone',
] as const;

export const deviceInformation = (opts: CommandOptions & { queries?: readonly string[] } = {}) =>
  command('DeviceInformation', { Queries: [...(opts.queries ?? DEVICE_INFORMATION_QUERIES)] }, opts);

export const securityInfo = (opts: CommandOptions = {}) => command('SecurityInfo', {}, opts);

export const installedApplicationList = (opts: CommandOptions & { identifiers?: string[]; managedAppsOnly?: boolean } = {}) =>
  command('InstalledApplicationList', { Identifiers: opts.identifiers, ManagedAppsOnly: opts.managedAppsOnly }, opts);

/** LostModeText needs a message or a phone number (Apple: one of the two is required); footnote replaces "slide to unlock". */
export type LostModeText = { footnote?: string } & ({ message: string; phoneNumber?: string } | { message?: string; phoneNumber: string });

export function enableLostMode(text: LostModeText, opts: CommandOptions = {}): MdmCommand {
  if (!text.message && !text.phoneNumber) throw new Error('EnableLostMode needs a message or a phone number');
  return command(
    'EnableLostMode',
    { Message: text.message || undefined, PhoneNumber: text.phoneNumber || undefined, Footnote: text.footnote || undefined },
    opts,
  );
}

export const disableLostMode = (opts: CommandOptions = {}) => command('DisableLostMode', {}, opts);
export const playLostModeSound = (opts: CommandOptions = {}) => command('PlayLostModeSound', {}, opts);
export const deviceLocation = (opts: CommandOptions = {}) => command('DeviceLocation', {}, opts);
export const restartDevice = (opts: CommandOptions = {}) => command('RestartDevice', {}, opts);

/** clearPasscode sends back the UnlockToken the device gave in TokenUpdate. */
export const clearPasscode = (unlockToken: Buffer, opts: CommandOptions = {}) => command('ClearPasscode', { UnlockToken: unlockToken }, opts);

/** eraseDevice; with `returnToService` (iOS 17+) the erased phone re-enrols itself with the given enrolment profile. */
export const eraseDevice = (
  opts: CommandOptions & { preserveDataPlan?: boolean; disallowProximitySetup?: boolean; returnToService?: { mdmProfileData: Buffer } } = {},
) =>
  command(
    'EraseDevice',
    {
      PreserveDataPlan: opts.preserveDataPlan,
      DisallowProximitySetup: opts.disallowProximitySetup,
      ReturnToService: opts.returnToService ? { Enabled: true, MDMProfileData: opts.returnToService.mdmProfileData } : undefined,
    },
    opts,
  );

/** installProfile carries the .mobileconfig bytes (plain or CMS-signed) as data. */
export const installProfile = (profile: Buffer, opts: CommandOptions = {}) => command('InstallProfile', { Payload: profile }, opts);

/** removeProfile names the profile by its top-level PayloadIdentifier. */
export const removeProfile = (identifier: string, opts: CommandOptions = {}) => command('RemoveProfile', { Identifier: identifier }, opts);

/** WallpaperWhere: 1 lock screen, 2 home screen, 3 both (Settings.Wallpaper.Where). */
export const WallpaperWhere = { LOCK_SCREEN: 1, HOME_SCREEN: 2, BOTH: 3 } as const;
export type WallpaperWhere = (typeof WallpaperWhere)[keyof typeof WallpaperWhere];

/** wallpaperSettings is a Settings command with one Wallpaper item (PNG or JPEG bytes). */
export const wallpaperSettings = (image: Buffer, where: WallpaperWhere, opts: CommandOptions = {}) =>
  command('Settings', { Settings: [{ Item: 'Wallpaper', Image: image, Where: where }] }, opts);

export const availableOSUpdates = (opts: CommandOptions = {}) => command('AvailableOSUpdates', {}, opts);
export const osUpdateStatus = (opts: CommandOptions = {}) => command('OSUpdateStatus', {}, opts);

/** OSUpdate names an update by ProductKey (from AvailableOSUpdates) or ProductVersion; the actions are the iOS ones. */
export type OSUpdate = { installAction: 'Default' | 'DownloadOnly' | 'InstallASAP' } & ({ productKey: string } | { productVersion: string });

export const scheduleOSUpdate = (updates: OSUpdate[], opts: CommandOptions = {}) =>
  command(
    'ScheduleOSUpdate',
    {
      Updates: updates.map(
        (u): PlistDict =>
          'productKey' in u
            ? { ProductKey: u.productKey, InstallAction: u.installAction }
            : { ProductVersion: u.productVersion, InstallAction: u.installAction },
      ),
    },
    opts,
  );

/** SyncTokens is Apple's SynchronizationTokens: the phone's DeclarationsToken and when it changed (RFC 3339). */
export interface SyncTokens {
  DeclarationsToken: string;
  Timestamp: string;
}

/** declarativeManagement switches DDM on (first time) or asks for a sync; Data is a TokensResponse as JSON bytes. */
export const declarativeManagement = (tokens: SyncTokens, opts: CommandOptions = {}) =>
  command('DeclarativeManagement', { Data: Buffer.from(JSON.stringify({ SyncTokens: tokens })) }, opts);

export const activationLockBypassCode = (opts: CommandOptions = {}) => command('ActivationLockBypassCode', {}, opts);

/** AppSource: an App Store id, a bundle identifier (VPP/App Store) or an enterprise manifest URL (https). */
export type AppSource = { iTunesStoreId: number } | { identifier: string } | { manifestUrl: string };

/** AppInstallOptions: ManagementFlags 1 removes the app with the MDM profile, 4 keeps it out of backups; PurchaseMethod 1 is VPP. */
export interface AppInstallOptions extends CommandOptions {
  managementFlags?: 1 | 4 | 5;
  purchaseMethod?: 0 | 1;
  removable?: boolean;
  takeManagement?: boolean;
}

export function installApplication(source: AppSource, opts: AppInstallOptions = {}): MdmCommand {
  return command(
    'InstallApplication',
    {
      iTunesStoreID: 'iTunesStoreId' in source ? source.iTunesStoreId : undefined,
      Identifier: 'identifier' in source ? source.identifier : undefined,
      ManifestURL: 'manifestUrl' in source ? source.manifestUrl : undefined,
      ManagementFlags: opts.managementFlags,
      Options: opts.purchaseMethod === undefined ? undefined : { PurchaseMethod: opts.purchaseMethod },
      Attributes: opts.removable === undefined ? undefined : { Removable: opts.removable },
      ChangeManagementState: opts.takeManagement ? 'Managed' : undefined,
    },
    opts,
  );
}
