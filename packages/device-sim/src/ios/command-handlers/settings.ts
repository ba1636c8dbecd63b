import { createHash } from 'node:crypto';
import type { DeviceState, WallpaperInfo } from '../device-state.ts';
import { type PlistDict, booleanOf, dataOf, dictsOf, numberOf, stringOf } from '../plist-codec.ts';
import { type CommandContext, type ErrorChainItem, type HandlerTable, acknowledged, errorChainOf, formatError } from './command-outcome.ts';
import { MdmErrors } from './mdm-errors.ts';

/** ItemResult is the outcome of one Settings item. */
type ItemResult = { status: 'Acknowledged' } | { status: 'Error'; error: ErrorChainItem } | { status: 'CommandFormatError' };
type ItemApplier = (state: DeviceState, item: PlistDict) => ItemResult;

const OK: ItemResult = { status: 'Acknowledged' };
const BAD_FORMAT: ItemResult = { status: 'CommandFormatError' };

/** isImage accepts the PNG and JPEG files iOS takes as wallpaper, by their magic numbers. */
const isImage = (bytes: Buffer) =>
  bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) || bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));

function applyWallpaper(state: DeviceState, item: PlistDict): ItemResult {
  const image = dataOf(item, 'Image');
  const where = numberOf(item, 'Where');
  if (!image || (where !== 1 && where !== 2 && where !== 3)) return BAD_FORMAT;
  if (!isImage(image)) return { status: 'Error', error: MdmErrors.badWallpaperImage() };
  const info: WallpaperInfo = { bytes: image.length, sha256: createHash('sha256').update(image).digest('hex') };
  // iOS 16 pairs lock and home screen: the first wallpaper set goes on both.
  const firstOnPairedScreens = Number(state.os.version.split('.')[0]) >= 16 && !state.wallpaper.lockScreen && !state.wallpaper.homeScreen;
  const lock = where !== 2 || firstOnPairedScreens;
  const home = where !== 1 || firstOnPairedScreens;
  state.wallpaper = { lockScreen: lock ? info : state.wallpaper.lockScreen, homeScreen: home ? info : state.wallpaper.homeScreen, lastWhere: where };
  return OK;
}

/** textSetting stores a string item into its own state field (DeviceName, TimeZone). */
const textSetting =
  (key: string, assign: (state: DeviceState, value: string) => void): ItemApplier =>
  (state, item) => {
    const value = stringOf(item, key);
    if (!value) return BAD_FORMAT;
    assign(state, value);
    return OK;
  };

/** switchSetting records an `Enabled` toggle (Bluetooth, DataRoaming…) under the item name. */
const switchSetting: ItemApplier = (state, item) => {
  const enabled = booleanOf(item, 'Enabled');
  if (enabled === undefined) return BAD_FORMAT;
  state.settings[String(item.Item)] = enabled;
  return OK;
};

/** recordSetting keeps the item's keys (per app for the app items), for tests to inspect. */
const recordSetting: ItemApplier = (state, item) => {
  const { Item, ...rest } = item;
  const identifier = stringOf(item, 'Identifier');
  state.settings[identifier ? `${String(Item)}:${identifier}` : String(Item)] = rest;
  return OK;
};

/** ITEMS: the Settings items an iPhone understands, and whether each needs supervision. */
const ITEMS: Record<string, { apply: ItemApplier; supervisedOnly?: boolean }> = {
  Wallpaper: { apply: applyWallpaper, supervisedOnly: true },
  DeviceName: { apply: textSetting('DeviceName', (s, v) => (s.deviceName = v)), supervisedOnly: true },
  TimeZone: { apply: textSetting('TimeZone', (s, v) => (s.timeZone = v)), supervisedOnly: true },
  Bluetooth: { apply: switchSetting, supervisedOnly: true },
  DataRoaming: { apply: switchSetting },
  VoiceRoaming: { apply: switchSetting },
  PersonalHotspot: { apply: switchSetting },
  DiagnosticSubmission: { apply: switchSetting },
  AppAnalytics: { apply: switchSetting },
  SoftwareUpdateSettings: { apply: recordSetting, supervisedOnly: true },
  AccessibilitySettings: { apply: recordSetting, supervisedOnly: true },
  MDMOptions: { apply: recordSetting },
  OrganizationInfo: { apply: recordSetting },
  PasscodeLockGracePeriod: { apply: recordSetting },
  ApplicationConfiguration: { apply: recordSetting },
  ApplicationAttributes: { apply: recordSetting },
};

function applyItem(state: DeviceState, item: PlistDict): ItemResult {
  const spec = ITEMS[stringOf(item, 'Item') ?? ''];
  if (!spec) return { status: 'Error', error: MdmErrors.unknownSettingsItem(String(item.Item)) };
  if (spec.supervisedOnly && !state.supervised) return { status: 'Error', error: MdmErrors.notSupervised() };
  return spec.apply(state, item);
}

/** resultDict writes one item result with the keys Apple's schema allows (Status, ErrorChain, Identifier). */
function resultDict(result: ItemResult, item: PlistDict | undefined, withItem: boolean): PlistDict {
  const dict: PlistDict = withItem && item?.Item !== undefined ? { Item: item.Item, Status: result.status } : { Status: result.status };
  if (result.status === 'Error') dict.ErrorChain = errorChainOf([result.error]);
  const identifier = item && stringOf(item, 'Identifier');
  if (identifier) dict.Identifier = identifier;
  return dict;
}

/**
 * settingsResult answers per item in the shape asked for: Apple's schema types `Settings` as one dictionary (we
 * report the first failure, or success), while phones in the field answer an array per item (micromdm#637).
 */
function settingsResult(context: CommandContext, items: PlistDict[], results: ItemResult[]): PlistDict {
  if (context.settingsResultShape === 'array') return { Settings: results.map((r, i) => resultDict(r, items[i], true)) };
  const failedAt = results.findIndex((r) => r.status !== 'Acknowledged');
  if (failedAt < 0) return { Settings: { Status: 'Acknowledged' } };
  const errors = results.flatMap((r) => (r.status === 'Error' ? [r.error] : []));
  const first = resultDict(results[failedAt], items[failedAt], false);
  return { Settings: errors.length > 1 ? { ...first, ErrorChain: errorChainOf(errors) } : first };
}

/** settingsHandlers apply Settings items one by one; the command itself is acknowledged, items carry their own status. */
export const settingsHandlers: HandlerTable = {
  Settings: {
    run: (context) => {
      const items = dictsOf(context.request, 'Settings');
      if (!Array.isArray(context.request.Settings)) return formatError('Settings needs a Settings array');
      const results = items.map((item) => applyItem(context.state, item));
      return acknowledged(settingsResult(context, items, results));
    },
  },
};
