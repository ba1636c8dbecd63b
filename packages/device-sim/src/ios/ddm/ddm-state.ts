/** The four kinds of declaration, as they appear in `declaration-items` and in `declaration/<kind>/<Identifier>`. */
export const DECLARATION_KINDS = ['activation', 'configuration', 'asset', 'management'] as const;
export type DeclarationKind = (typeof DECLARATION_KINDS)[number];

/** StoredDeclaration is one declaration as the phone fetched it. */
export interface StoredDeclaration {
  kind: DeclarationKind;
  type: string;
  identifier: string;
  serverToken: string;
  payload: Record<string, unknown>;
}

export type BatteryHealth = 'normal' | 'service-recommended' | 'non-genuine' | 'unknown' | 'unsupported';

/** DeclarationStatus is one entry of `management.declarations`, in Apple's key names. */
export interface DeclarationStatus {
  identifier: string;
  'server-token': string;
  active: boolean;
  valid: 'valid' | 'invalid' | 'unknown';
  reasons?: { code: string; description?: string; details?: Record<string, unknown> }[];
}

export type InstallState = 'none' | 'downloading' | 'prepared' | 'installing' | 'failed';

/** PendingUpdate is an update a software update enforcement declaration asked for. */
export interface PendingUpdate {
  version: string;
  build: string;
  declarationId: string;
  /** The enforcement deadline (TargetLocalDateTime in the phone's time zone). */
  deadline: Date;
  phase: 'downloading' | 'prepared';
}

export interface SoftwareUpdateState {
  pending?: PendingUpdate;
  /** Failures of the current enforcement (count, last reason and time), as `softwareupdate.failure-reason` says. */
  failure: { count: number; reason?: string; at?: Date; target?: string };
}

/** StatusReport is one report the phone sent, JSON as sent. */
export interface SentStatusReport {
  at: Date;
  report: { StatusItems: Record<string, unknown>; Errors: unknown[]; FullReport?: boolean };
  /** The dotted names of the items it carried. */
  items: string[];
}

/**
 * DdmState is the phone's Declarative Device Management client: the declarations it holds by identifier, the
 * server's DeclarationsToken it last synced to, what its declarations make of it (subscriptions, organization,
 * deferral) and the values it last reported, so each status report carries only what changed.
 */
export interface DdmState {
  /** Turned on by the first DeclarativeManagement command of this enrolment. */
  enabled: boolean;
  declarationsToken?: string;
  declarations: Map<string, StoredDeclaration>;
  /** Set by a DeclarativeManagement command; the phone syncs once the connect session ends. */
  syncRequested?: { declarationsToken?: string };
  /** Status items the active subscriptions ask for (set-union of every active status-subscriptions). */
  subscriptions: string[];
  organization?: { name: string; email?: string; url?: string };
  /** CombinedPeriodInDays of the active softwareupdate.settings, when this phone honours it. */
  deferralDays?: number;
  statuses: Map<string, DeclarationStatus>;
  /** JSON of the last value reported per status item (management.declarations included). */
  reported: Map<string, string>;
  /** mdm.app as last reported, by bundle identifier, for incremental app lists. */
  reportedApps: Map<string, string>;
  reports: SentStatusReport[];
  softwareUpdate: SoftwareUpdateState;
}

export function createDdmState(): DdmState {
  return {
    enabled: false,
    declarations: new Map(),
    subscriptions: [],
    statuses: new Map(),
    reported: new Map(),
    reportedApps: new Map(),
    reports: [],
    softwareUpdate: { failure: { count: 0 } },
  };
}

/** LegacyUpdateCommand records a removed software-update command that reached a phone on iOS 17 or later. */
export interface LegacyUpdateCommand {
  requestType: string;
  osVersion: string;
  at: Date;
  status: 'Acknowledged' | 'Error';
}
