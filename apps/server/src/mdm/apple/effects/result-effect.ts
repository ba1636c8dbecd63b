import type { Db } from '../../../db/client.ts';
import type { CommandStatus } from '../mdm.table.ts';
import type { PlistDict } from '../plist.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** FinishedCommand is a command the phone has answered (or that expired), as the queue read it back for the effects. */
export interface FinishedCommand {
  id: string;
  requestType: string;
  operationLogId: string | null;
  /** The operation-log action the command serves; read with the answer where effects need it. */
  action?: string | null;
}

/** EffectContext is one finished command as an effect sees it, inside the transaction that records it. */
export interface EffectContext {
  tx: Tx;
  deviceId: string;
  cmd: FinishedCommand;
  /** acknowledged, error, format-error… (queue status); `ok` is acknowledged. */
  status: CommandStatus;
  ok: boolean;
  response: PlistDict;
  chain?: Record<string, unknown>[];
  /** The operation-log action the command serves (e.g. 'set-global-http-proxy'), null for background commands. */
  action: string | null;
}

/** EffectOutcome may replace the operation log's result text, or fail it. */
export interface EffectOutcome {
  summary?: string;
  /**
   * Overrides the operation's outcome: true when the phone acknowledged but refused what was inside (one Settings
   * item); false when an error still reached the goal (removing a profile the phone no longer has).
   */
  failed?: boolean;
}

/**
 * ResultEffect makes one kind of answer count on the device record. Several effects may share a request type
 * (InstallProfile serves restrictions, proxy and DNS): each looks at `action` and returns undefined when the
 * command is not its own. Effects run for failures too (`ok` false), e.g. to put a status back.
 */
export type ResultEffect = (ctx: EffectContext) => Promise<EffectOutcome | undefined>;

export type EffectTable = Record<string, ResultEffect[]>;

/** Apple's MDMErrorDomain 12075, "profile is not installed": removing what is not there reached its goal all the same. */
export const PROFILE_NOT_INSTALLED = 12075;

/** hasErrorCode says whether the phone's ErrorChain names this code. */
export const hasErrorCode = (chain: Record<string, unknown>[] | undefined, code: number) => chain?.some((e) => Number(e.ErrorCode) === code) ?? false;
