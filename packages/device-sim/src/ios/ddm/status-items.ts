import { type DeviceState, modelNumberOf } from '../device-state.ts';
import type { SentStatusReport } from './ddm-state.ts';
import { declarationsStatusItem, supportedDeclarationTypes } from './declarations.ts';
import { compareVersions, majorOf } from './ios-releases.ts';
import { installStateOf } from './software-update.ts';

type Item = { introduced: string; value: (state: DeviceState) => unknown };

/** STATUS_ITEMS: the status items the simulated iPhone reports, with the first iOS that has them (Apple's YAML). */
export const STATUS_ITEMS: Record<string, Item> = {
  'device.identifier.serial-number': { introduced: '15.0', value: (s) => s.hardware.serialNumber },
  'device.identifier.udid': { introduced: '15.0', value: (s) => s.hardware.udid },
  'device.model.family': { introduced: '15.0', value: () => 'iPhone' },
  'device.model.identifier': { introduced: '15.0', value: (s) => s.hardware.model.productName },
  'device.model.marketing-name': { introduced: '15.0', value: (s) => s.hardware.model.marketingName },
  'device.model.number': { introduced: '15.0', value: (s) => modelNumberOf(s) },
  'device.operating-system.build-version': { introduced: '15.0', value: (s) => s.os.build },
  'device.operating-system.family': { introduced: '15.0', value: () => 'iOS' },
  'device.operating-system.marketing-name': { introduced: '15.0', value: (s) => `iOS ${majorOf(s.os.version)}` },
  'device.operating-system.version': { introduced: '15.0', value: (s) => s.os.version },
  'device.power.battery-health': { introduced: '17.0', value: (s) => s.batteryHealth },
  'passcode.is-present': { introduced: '16.0', value: (s) => s.passcodePresent },
  'softwareupdate.install-state': { introduced: '17.0', value: installStateOf },
  'softwareupdate.pending-version': {
    introduced: '17.0',
    value: (s) => {
      const pending = s.ddm.softwareUpdate.pending;
      return { 'os-version': pending?.version ?? '', 'build-version': pending?.build ?? '' };
    },
  },
  'softwareupdate.install-reason': {
    introduced: '17.0',
    value: (s) => {
      const pending = s.ddm.softwareUpdate.pending;
      return pending ? { reason: ['declaration'], 'declaration-id': pending.declarationId } : { reason: [] };
    },
  },
  'softwareupdate.failure-reason': {
    introduced: '17.0',
    value: (s) => {
      const { count, reason, at } = s.ddm.softwareUpdate.failure;
      return count > 0 ? { count, ...(reason ? { reason } : {}), ...(at ? { timestamp: at.toISOString().replace(/\.\d{3}Z$/, 'Z') } : {}) } : { count: 0 };
    },
  },
  'management.client-capabilities': { introduced: '15.0', value: clientCapabilities },
};

const MDM_APP = 'mdm.app';
const DECLARATIONS = 'management.declarations';
/** Apple keeps an implicit subscription to the client's capabilities, so their changes are always reported. */
const ALWAYS_REPORTED = ['management.client-capabilities'];

export const supportedStatusItems = (osVersion: string): string[] =>
  [...Object.keys(STATUS_ITEMS), MDM_APP, DECLARATIONS].filter((name) => compareVersions(osVersion, introducedOf(name)) >= 0).sort();

const introducedOf = (name: string) => (name === MDM_APP ? '16.0' : name === DECLARATIONS ? '15.0' : (STATUS_ITEMS[name]?.introduced ?? '99'));

function clientCapabilities(state: DeviceState) {
  const types = supportedDeclarationTypes(state.os.version);
  const of = (prefix: string) => types.filter((t) => t.startsWith(prefix));
  return {
    'supported-versions': ['1.0.0'],
    'supported-features': {},
    'supported-payloads': {
      declarations: {
        activations: of('com.apple.activation.'),
        assets: of('com.apple.asset.'),
        configurations: of('com.apple.configuration.'),
        management: of('com.apple.management.'),
      },
      'status-items': supportedStatusItems(state.os.version),
    },
  };
}

/** mdmApps are the apps MDM installed or manages, as `mdm.app` lists them. */
function mdmApps(state: DeviceState): Map<string, Record<string, unknown>> {
  return new Map(
    [...state.apps.values()]
      .filter((a) => a.managed)
      .map((a) => [a.identifier, { identifier: a.identifier, name: a.name, version: a.version, 'short-version': a.shortVersion, state: 'managed' }]),
  );
}

/** setPath nests a dotted status item name: 'device.operating-system.version' → {device: {'operating-system': {version}}}. */
function setPath(target: Record<string, unknown>, name: string, value: unknown): void {
  const parts = name.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1]] = value;
}

export interface PreparedReport {
  report: SentStatusReport['report'];
  items: string[];
  /** commit records the values as reported, once the server has taken the report. */
  commit(): void;
}

/**
 * prepareStatusReport builds the next status report: the subscribed items (and Apple's implicit ones) this iOS
 * has, carrying only those whose value changed since the last report, `management.declarations` when any
 * declaration's state changed, and for `mdm.app` only the apps that changed (removed ones with `_removed`). A full
 * report (iOS 17+ `FullReport`) carries everything. Items this iOS does not have are left out. Undefined: nothing to say.
 */
export function prepareStatusReport(state: DeviceState, full = false): PreparedReport | undefined {
  const { ddm } = state;
  const supported = new Set(supportedStatusItems(state.os.version));
  const names = [...new Set([...ALWAYS_REPORTED, ...ddm.subscriptions, DECLARATIONS])].filter((n) => supported.has(n));
  const StatusItems: Record<string, unknown> = {};
  const items: string[] = [];
  const updates = new Map<string, string>();
  let apps: Map<string, string> | undefined;
  for (const name of names) {
    if (name === MDM_APP) {
      const current = mdmApps(state);
      apps = new Map([...current].map(([id, app]) => [id, JSON.stringify(app)]));
      const changed = [...current].filter(([id]) => full || ddm.reportedApps.get(id) !== apps?.get(id)).map(([, app]) => app);
      const removed = full ? [] : [...ddm.reportedApps.keys()].filter((id) => !current.has(id)).map((identifier) => ({ identifier, _removed: true }));
      if (changed.length + removed.length === 0 && !(full || !ddm.reported.has(MDM_APP))) continue;
      setPath(StatusItems, name, [...changed, ...removed]);
      updates.set(name, 'reported');
      items.push(name);
      continue;
    }
    const value = name === DECLARATIONS ? declarationsStatusItem(state) : STATUS_ITEMS[name].value(state);
    const json = JSON.stringify(value);
    if (!full && ddm.reported.get(name) === json) continue;
    setPath(StatusItems, name, value);
    updates.set(name, json);
    items.push(name);
  }
  if (items.length === 0) return undefined;
  const report: SentStatusReport['report'] = { StatusItems, Errors: [] };
  if (full && compareVersions(state.os.version, '17.0') >= 0) report.FullReport = true;
  return {
    report,
    items,
    commit: () => {
      for (const [name, json] of updates) ddm.reported.set(name, json);
      if (apps) ddm.reportedApps = apps;
    },
  };
}
