import type { DeviceState } from '../device-state.ts';
import type { PlistDict } from '../plist-codec.ts';
import type { FetchLike } from '../transport.ts';

/** ErrorChainItem is one entry of an Error result's ErrorChain. */
export interface ErrorChainItem {
  code: number;
  domain: string;
  message: string;
}

/**
 * AfterEffect is what a phone does only once its answer is sent: restart, drop management, or wipe itself (and,
 * with Return to Service, enrol again with the profile the command carried).
 */
export type AfterEffect = { kind: 'restart' } | { kind: 'unenroll' } | { kind: 'erase'; reenrolProfile?: Buffer };

/** CommandOutcome is a handler's verdict; the session turns it into the result plist. */
export type CommandOutcome =
  | { status: 'Acknowledged'; response?: PlistDict; after?: AfterEffect }
  | { status: 'Error'; errors: ErrorChainItem[] }
  | { status: 'CommandFormatError'; reason: string }
  | { status: 'NotNow' };

/** SettingsResultShape: Apple's schema types the Settings result as one dictionary; phones in the field send an array. */
export type SettingsResultShape = 'dictionary' | 'array';

/** CommandContext is everything a handler may read or change while running one command. */
export interface CommandContext {
  state: DeviceState;
  /** The `Command` dictionary: RequestType plus the request keys. */
  request: PlistDict;
  requestType: string;
  commandUuid: string;
  now: Date;
  /** For downloads a command asks for (enterprise app manifests). */
  fetch: FetchLike;
  settingsResultShape: SettingsResultShape;
}

export type CommandHandler = (context: CommandContext) => CommandOutcome | Promise<CommandOutcome>;

/** HandlerSpec: supervisedOnly commands are refused on unsupervised phones, as iOS does, before the handler runs. */
export interface HandlerSpec {
  run: CommandHandler;
  supervisedOnly?: boolean;
}

export type HandlerTable = Record<string, HandlerSpec>;

export const acknowledged = (response?: PlistDict, after?: AfterEffect): CommandOutcome => ({ status: 'Acknowledged', response, after });
export const failed = (...errors: ErrorChainItem[]): CommandOutcome => ({ status: 'Error', errors });
export const formatError = (reason: string): CommandOutcome => ({ status: 'CommandFormatError', reason });

/** errorChainOf writes ErrorChain entries as iOS does, with the English text in both description keys. */
export const errorChainOf = (errors: ErrorChainItem[]): PlistDict[] =>
  errors.map((e) => ({ ErrorCode: e.code, ErrorDomain: e.domain, LocalizedDescription: e.message, USEnglishDescription: e.message }));
