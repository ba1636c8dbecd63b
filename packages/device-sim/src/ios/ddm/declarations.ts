import type { DeviceState } from '../device-state.ts';
import type { DeclarationKind, DeclarationStatus, StoredDeclaration } from './ddm-state.ts';
import { compareVersions } from './ios-releases.ts';

/**
 * SUPPORTED_DECLARATIONS: the declaration types the simulated iPhone knows, with the first iOS that takes them on
 * the device channel (Apple's YAML `supportedOS.iOS.introduced`; DDM itself runs on the device channel from iOS 16).
 */
export const SUPPORTED_DECLARATIONS: Record<string, { kind: DeclarationKind; introduced: string }> = {
  'com.apple.activation.simple': { kind: 'activation', introduced: '15.0' },
  'com.apple.management.organization-info': { kind: 'management', introduced: '15.0' },
  'com.apple.management.properties': { kind: 'management', introduced: '15.0' },
  'com.apple.management.server-capabilities': { kind: 'management', introduced: '15.0' },
  'com.apple.configuration.management.status-subscriptions': { kind: 'configuration', introduced: '15.0' },
  'com.apple.configuration.management.test': { kind: 'configuration', introduced: '15.0' },
  'com.apple.configuration.softwareupdate.enforcement.specific': { kind: 'configuration', introduced: '17.0' },
  'com.apple.configuration.softwareupdate.settings': { kind: 'configuration', introduced: '18.0' },
  'com.apple.asset.data': { kind: 'asset', introduced: '15.0' },
};

/** DDM_MIN_IOS: the first iOS whose device channel runs Declarative Device Management (iOS 15 had it for User Enrollment only). */
export const DDM_MIN_IOS = '16.0';

export const ddmCapable = (state: DeviceState): boolean => compareVersions(state.os.version, DDM_MIN_IOS) >= 0;

export const supportedDeclarationTypes = (osVersion: string): string[] =>
  Object.entries(SUPPORTED_DECLARATIONS)
    .filter(([, spec]) => compareVersions(osVersion, spec.introduced) >= 0)
    .map(([type]) => type);

type Reason = NonNullable<DeclarationStatus['reasons']>[number];

const isString = (v: unknown): v is string => typeof v === 'string';
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** payloadProblem checks the keys the phone acts on; a declaration it cannot read is invalid, as iOS reports it. */
function payloadProblem(d: StoredDeclaration): string | undefined {
  const p = d.payload;
  switch (d.type) {
    case 'com.apple.activation.simple':
      return Array.isArray(p.StandardConfigurations) && p.StandardConfigurations.every(isString)
        ? undefined
        : 'StandardConfigurations must be an array of strings';
    case 'com.apple.management.organization-info':
      return isString(p.Name) ? undefined : 'Name is required';
    case 'com.apple.configuration.management.status-subscriptions':
      return Array.isArray(p.StatusItems) && p.StatusItems.every((i) => i && typeof i === 'object' && isString((i as { Name?: unknown }).Name))
        ? undefined
        : 'StatusItems must be an array of {Name}';
    case 'com.apple.configuration.softwareupdate.enforcement.specific':
      if (!isString(p.TargetOSVersion) || !/^\d+(\.\d+){0,2}$/.test(p.TargetOSVersion)) return 'TargetOSVersion must be an OS version';
      return isString(p.TargetLocalDateTime) && LOCAL_DATE_TIME.test(p.TargetLocalDateTime) ? undefined : 'TargetLocalDateTime must be yyyy-mm-ddThh:mm:ss';
    case 'com.apple.configuration.softwareupdate.settings': {
      const days = (p.Deferrals as { CombinedPeriodInDays?: unknown } | undefined)?.CombinedPeriodInDays;
      if (days === undefined) return undefined;
      return Number.isInteger(days) && (days as number) >= 1 && (days as number) <= 90 ? undefined : 'Deferrals.CombinedPeriodInDays must be 1-90';
    }
    default:
      return undefined;
  }
}

/** problemOf: why the phone cannot take a declaration at all (unknown to its iOS, or unreadable). */
function problemOf(d: StoredDeclaration, osVersion: string): Reason | undefined {
  const spec = SUPPORTED_DECLARATIONS[d.type];
  if (!spec || spec.kind !== d.kind || compareVersions(osVersion, spec.introduced) < 0) {
    return {
      code: 'Error.ConfigurationNotSupported',
      description: `Declaration “${d.identifier}” of type ${d.type} is not supported on this platform, scope or enrollment type.`,
      details: { Identifier: d.identifier, ServerToken: d.serverToken },
    };
  }
  const problem = payloadProblem(d);
  if (problem) return { code: 'Error.ConfigurationCannotBeDeserialized', description: problem, details: { Error: problem } };
  return undefined;
}

/** predicateHolds evaluates the activation predicates the simulator understands; others cannot be parsed. */
function predicateHolds(predicate: unknown): boolean | 'unparsable' {
  if (predicate === undefined) return true;
  if (predicate === 'TRUEPREDICATE') return true;
  if (predicate === 'FALSEPREDICATE') return false;
  return 'unparsable';
}

const status = (d: StoredDeclaration, active: boolean, valid: DeclarationStatus['valid'], reasons?: Reason[]): DeclarationStatus => ({
  identifier: d.identifier,
  'server-token': d.serverToken,
  active,
  valid,
  ...(reasons?.length ? { reasons } : {}),
});

/** Evaluation is what the declarations make of the phone: every declaration's status and what is in force. */
export interface Evaluation {
  statuses: Map<string, DeclarationStatus>;
  /** Active configurations, in identifier order. */
  activeConfigurations: StoredDeclaration[];
  management: StoredDeclaration[];
}

/**
 * evaluate runs the activations as iOS does: a configuration is active only when a valid, active
 * `com.apple.activation.simple` lists it; a missing configuration does not stop the others. Management declarations
 * are always in force; assets count only when a configuration references them (none the simulator supports does).
 */
export function evaluate(state: DeviceState): Evaluation {
  const osVersion = state.os.version;
  const all = [...state.ddm.declarations.values()].sort((a, b) => a.identifier.localeCompare(b.identifier));
  const statuses = new Map<string, DeclarationStatus>();
  const problems = new Map(all.map((d) => [d.identifier, problemOf(d, osVersion)]));
  const activated = new Set<string>();

  for (const d of all.filter((x) => x.kind === 'activation')) {
    const problem = problems.get(d.identifier);
    if (problem) {
      statuses.set(d.identifier, status(d, false, 'invalid', [problem]));
      continue;
    }
    const holds = predicateHolds(d.payload.Predicate);
    if (holds === 'unparsable') {
      statuses.set(d.identifier, status(d, false, 'invalid', [{ code: 'Error.UnableToParsePredicate', description: 'The predicate cannot be parsed.' }]));
      continue;
    }
    if (!holds) {
      statuses.set(d.identifier, status(d, false, 'valid', [{ code: 'Info.Predicate', description: 'The predicate evaluated to false.' }]));
      continue;
    }
    const wanted = d.payload.StandardConfigurations as string[];
    const missing = wanted.filter((id) => state.ddm.declarations.get(id)?.kind !== 'configuration');
    for (const id of wanted) if (!missing.includes(id)) activated.add(id);
    const reasons: Reason[] = missing.length
      ? [{ code: 'Error.MissingConfigurations', details: { Identifier: d.identifier, ServerToken: d.serverToken, ConfigurationIdentifiers: missing } }]
      : [];
    statuses.set(d.identifier, status(d, true, 'valid', reasons));
  }

  const activeConfigurations: StoredDeclaration[] = [];
  for (const d of all.filter((x) => x.kind === 'configuration')) {
    const problem = problems.get(d.identifier);
    if (problem) statuses.set(d.identifier, status(d, false, 'invalid', [problem]));
    else if (!activated.has(d.identifier)) statuses.set(d.identifier, status(d, false, 'valid', [{ code: 'Info.NotReferencedByActivation' }]));
    else {
      statuses.set(d.identifier, status(d, true, 'valid'));
      activeConfigurations.push(d);
    }
  }
  for (const d of all.filter((x) => x.kind === 'asset')) {
    const problem = problems.get(d.identifier);
    statuses.set(d.identifier, problem ? status(d, false, 'invalid', [problem]) : status(d, false, 'valid', [{ code: 'Info.NotReferencedByConfiguration' }]));
  }
  const management: StoredDeclaration[] = [];
  for (const d of all.filter((x) => x.kind === 'management')) {
    const problem = problems.get(d.identifier);
    statuses.set(d.identifier, problem ? status(d, false, 'invalid', [problem]) : status(d, true, 'valid'));
    if (!problem) management.push(d);
  }
  return { statuses, activeConfigurations, management };
}

/** declarationsStatusItem is the `management.declarations` value: every declaration, by kind. */
export function declarationsStatusItem(state: DeviceState): Record<'activations' | 'configurations' | 'assets' | 'management', DeclarationStatus[]> {
  const byKind = (kind: DeclarationKind) =>
    [...state.ddm.declarations.values()]
      .filter((d) => d.kind === kind)
      .map((d) => state.ddm.statuses.get(d.identifier))
      .filter((s): s is DeclarationStatus => s !== undefined);
  return { activations: byKind('activation'), configurations: byKind('configuration'), assets: byKind('asset'), management: byKind('management') };
}

/**
 * applyEvaluation stores the statuses and what the active declarations say: status subscriptions (set-union),
 * the organization, and the update deferral, which only supervised iPhones on iOS 18 or later honour (Apple's YAML
 * marks Deferrals supervised-only; an unsupervised phone takes the rest of the declaration and ignores the key).
 */
export function applyEvaluation(state: DeviceState, evaluation: Evaluation): void {
  const { ddm } = state;
  ddm.statuses = evaluation.statuses;
  const configs = evaluation.activeConfigurations;
  const names = configs
    .filter((c) => c.type === 'com.apple.configuration.management.status-subscriptions')
    .flatMap((c) => (c.payload.StatusItems as { Name: string }[]).map((i) => i.Name));
  ddm.subscriptions = [...new Set(names)].sort();
  const org = evaluation.management.find((m) => m.type === 'com.apple.management.organization-info')?.payload;
  ddm.organization = org && { name: org.Name as string, email: org.Email as string | undefined, url: org.URL as string | undefined };
  const deferrals = configs
    .filter((c) => c.type === 'com.apple.configuration.softwareupdate.settings')
    .map((c) => (c.payload.Deferrals as { CombinedPeriodInDays?: number } | undefined)?.CombinedPeriodInDays)
    .filter((d): d is number => d !== undefined);
  // combinetype number-max: the longest deferral of all active settings wins.
  ddm.deferralDays = state.supervised && deferrals.length ? Math.max(...deferrals) : undefined;
}

export const ENFORCEMENT_TYPE = 'com.apple.configuration.softwareupdate.enforcement.specific';

/** activeEnforcements are the active software update enforcements (apply: multiple), highest target first. */
export const activeEnforcements = (state: DeviceState): StoredDeclaration[] =>
  [...state.ddm.declarations.values()]
    .filter((d) => d.type === ENFORCEMENT_TYPE && state.ddm.statuses.get(d.identifier)?.active)
    .sort((a, b) => compareVersions(b.payload.TargetOSVersion as string, a.payload.TargetOSVersion as string));
