import { type AfterEffect, type CommandOutcome, type SettingsResultShape, runCommand } from './command-handlers/index.ts';
import { errorChainOf } from './command-handlers/command-outcome.ts';
import type { DeviceFaults } from './device-faults.ts';
import type { DeviceState } from './device-state.ts';
import { type PlistDict, PlistDecodeError, decodePlistDict, isPlistDict, stringOf } from './plist-codec.ts';
import type { FetchLike, HttpOutcome, MdmTransport } from './transport.ts';

/** CommandEvent tells listeners what the phone received and what it answered. */
export interface CommandEvent {
  commandUuid: string;
  requestType: string;
  request: PlistDict;
  status: CommandOutcome['status'];
  result: PlistDict;
}

/** SessionEnd says why a connect session stopped; the phone acts on it (retry, unenrol, restart…). */
export type SessionEnd =
  | { outcome: 'idle' }
  | { outcome: 'dropped'; commandUuid: string }
  | { outcome: 'http-error'; http: Exclude<HttpOutcome, { kind: 'ok' }> }
  | { outcome: 'after-effect'; effect: AfterEffect }
  | { outcome: 'unreadable-command'; detail: string }
  | { outcome: 'not-enrolled' };

export type SessionResult = SessionEnd & { commands: number };

export interface SessionDeps {
  transport: MdmTransport;
  state: DeviceState;
  faults: DeviceFaults;
  clock: () => Date;
  settingsResultShape: SettingsResultShape;
  /** For downloads a command asks for (enterprise app manifests). */
  fetch: FetchLike;
  onCommand: (event: CommandEvent) => void;
}

/** resultBody is the PUT after a command: UDID, CommandUUID, Status, then ErrorChain or the response keys. */
function resultBody(udid: string, commandUuid: string, outcome: CommandOutcome): PlistDict {
  const body: PlistDict = { UDID: udid, CommandUUID: commandUuid, Status: outcome.status };
  if (outcome.status === 'Error') body.ErrorChain = errorChainOf(outcome.errors);
  if (outcome.status === 'Acknowledged' && outcome.response) Object.assign(body, outcome.response);
  return body;
}

type ReadCommand = { ok: true; uuid: string; request: PlistDict; requestType: string } | { ok: false; uuid?: string; detail: string };

/** readCommand parses the server's `{CommandUUID, Command: {RequestType, …}}`; a bad one keeps what UUID it can. */
function readCommand(body: Buffer): ReadCommand {
  let dict: PlistDict;
  try {
    dict = decodePlistDict(body);
  } catch (err) {
    return { ok: false, detail: err instanceof PlistDecodeError ? err.message : String(err) };
  }
  const uuid = stringOf(dict, 'CommandUUID');
  const request = dict.Command;
  const requestType = isPlistDict(request) ? stringOf(request, 'RequestType') : undefined;
  if (!uuid || !isPlistDict(request) || !requestType) return { ok: false, uuid, detail: 'the command lacks CommandUUID or Command.RequestType' };
  return { ok: true, uuid, request, requestType };
}

/**
 * runConnectSession is one wake-up of the phone: PUT Idle, run each command the server hands back and PUT its
 * result, until the server answers with an empty body or something ends the session early.
 */
export async function runConnectSession(deps: SessionDeps): Promise<SessionResult> {
  const { state, transport } = deps;
  const { enrollment } = state;
  if (enrollment.status !== 'enrolled' || !enrollment.serverUrl || !enrollment.identity) return { outcome: 'not-enrolled', commands: 0 };
  const udid = state.hardware.udid;
  let message: PlistDict = { UDID: udid, Status: 'Idle' };
  let pendingEffect: AfterEffect | undefined;
  let commands = 0;
  for (;;) {
    // Read for every request: a renewal (InstallProfile of the MDM profile) swaps the identity mid-session.
    const signer = enrollment.signMessage ? enrollment.identity : undefined;
    const http = await transport.put(enrollment.serverUrl, 'connect', message, signer);
    // A phone that acknowledged a restart or wipe goes ahead whatever the server answers to that acknowledgement.
    if (pendingEffect) return { outcome: 'after-effect', effect: pendingEffect, commands };
    if (http.kind !== 'ok') return { outcome: 'http-error', http, commands };
    if (http.body.length === 0) return { outcome: 'idle', commands };
    const command = readCommand(http.body);
    const uuid = command.uuid;
    if (!uuid) return { outcome: 'unreadable-command', detail: command.ok ? 'no CommandUUID' : command.detail, commands };
    if (deps.faults.shouldDrop()) return { outcome: 'dropped', commandUuid: uuid, commands };
    commands += 1;
    const request = command.ok ? command.request : {};
    const requestType = command.ok ? command.requestType : 'Unknown';
    const now = deps.clock();
    const outcome: CommandOutcome = command.ok
      ? await runCommand({ state, request, requestType, commandUuid: uuid, now, fetch: deps.fetch, settingsResultShape: deps.settingsResultShape }, deps.faults)
      : { status: 'CommandFormatError', reason: command.detail };
    message = resultBody(udid, uuid, outcome);
    const errorCode = outcome.status === 'Error' ? outcome.errors[0]?.code : undefined;
    state.log.push({ commandUuid: uuid, requestType, status: outcome.status, at: now, errorCode });
    deps.onCommand({ commandUuid: uuid, requestType, request, status: outcome.status, result: message });
    if (outcome.status === 'Acknowledged' && outcome.after) pendingEffect = outcome.after;
  }
}
