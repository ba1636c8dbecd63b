import type { DeviceState } from '../device-state.ts';
import type { PlistDict } from '../plist-codec.ts';
import type { MdmTransport } from '../transport.ts';
import { DECLARATION_KINDS, type DeclarationKind, type StoredDeclaration } from './ddm-state.ts';
import { applyEvaluation, evaluate } from './declarations.ts';
import { planSoftwareUpdate } from './software-update.ts';
import { prepareStatusReport } from './status-items.ts';

/** declarativeManagementMessage is the check-in body of every DDM request: `{MessageType, UDID, Endpoint, Data?}`. */
export function declarativeManagementMessage(state: DeviceState, endpoint: string, data?: Buffer): PlistDict {
  const message: PlistDict = { MessageType: 'DeclarativeManagement', UDID: state.hardware.udid, Endpoint: endpoint };
  if (data) message.Data = data;
  return message;
}

export interface DdmDeps {
  state: DeviceState;
  transport: MdmTransport;
  clock: () => Date;
}

export class DdmRequestError extends Error {}

/** request PUTs one DeclarativeManagement check-in, signed like every check-in, and reads the JSON answer (if any). */
async function request(deps: DdmDeps, endpoint: string, data?: Buffer): Promise<unknown> {
  const { enrollment } = deps.state;
  if (enrollment.status !== 'enrolled' || !enrollment.checkInUrl) throw new DdmRequestError('the phone is not enrolled');
  const signer = enrollment.signMessage ? enrollment.identity : undefined;
  const http = await deps.transport.put(enrollment.checkInUrl, 'checkin', declarativeManagementMessage(deps.state, endpoint, data), signer);
  if (http.kind !== 'ok') throw new DdmRequestError(`${endpoint}: ${http.kind}${'status' in http ? ` ${http.status}` : ''}`);
  const text = http.body.toString('utf8').trim();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new DdmRequestError(`${endpoint}: the answer is not JSON`);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** tokensOf reads `{SyncTokens: {DeclarationsToken, Timestamp}}` (a TokensResponse, also the command's Data). */
export function tokensOf(json: unknown): { declarationsToken: string } | undefined {
  const tokens = isRecord(json) && isRecord(json.SyncTokens) ? json.SyncTokens : undefined;
  return typeof tokens?.DeclarationsToken === 'string' ? { declarationsToken: tokens.DeclarationsToken } : undefined;
}

const MANIFEST_KEYS: Record<DeclarationKind, string> = {
  activation: 'Activations',
  configuration: 'Configurations',
  asset: 'Assets',
  management: 'Management',
};

/**
 * syncDeclarations is the synchronisation iOS runs after a DeclarativeManagement command: take the tokens (from the
 * command, else from `tokens`), and when the DeclarationsToken moved, fetch the manifest, fetch each declaration
 * whose ServerToken changed, drop those the manifest no longer lists, then evaluate and report status.
 */
export async function syncDeclarations(deps: DdmDeps, fromCommand?: string): Promise<void> {
  const { ddm } = deps.state;
  const token = fromCommand ?? tokensOf(await request(deps, 'tokens'))?.declarationsToken;
  if (token === undefined) throw new DdmRequestError('tokens: no DeclarationsToken');
  if (token !== ddm.declarationsToken) {
    const manifest = await request(deps, 'declaration-items');
    const declarations = isRecord(manifest) && isRecord(manifest.Declarations) ? manifest.Declarations : undefined;
    if (!declarations || !isRecord(manifest) || typeof manifest.DeclarationsToken !== 'string')
      throw new DdmRequestError('declaration-items: unreadable manifest');
    const listed = new Set<string>();
    for (const kind of DECLARATION_KINDS) {
      const items = Array.isArray(declarations[MANIFEST_KEYS[kind]]) ? (declarations[MANIFEST_KEYS[kind]] as unknown[]) : [];
      for (const item of items) {
        if (!isRecord(item) || typeof item.Identifier !== 'string' || typeof item.ServerToken !== 'string') continue;
        listed.add(item.Identifier);
        const held = ddm.declarations.get(item.Identifier);
        if (held && held.kind === kind && held.serverToken === item.ServerToken) continue;
        ddm.declarations.set(item.Identifier, await fetchDeclaration(deps, kind, item.Identifier));
      }
    }
    for (const identifier of [...ddm.declarations.keys()]) if (!listed.has(identifier)) ddm.declarations.delete(identifier);
    ddm.declarationsToken = manifest.DeclarationsToken;
  }
  reevaluate(deps.state, deps.clock());
  await sendStatusReport(deps);
}

async function fetchDeclaration(deps: DdmDeps, kind: DeclarationKind, identifier: string): Promise<StoredDeclaration> {
  const json = await request(deps, `declaration/${kind}/${identifier}`);
  if (!isRecord(json) || typeof json.Type !== 'string' || typeof json.ServerToken !== 'string' || !isRecord(json.Payload)) {
    throw new DdmRequestError(`declaration/${kind}/${identifier}: not a declaration`);
  }
  return { kind, type: json.Type, identifier, serverToken: json.ServerToken, payload: json.Payload };
}

/** reevaluate applies the declarations again (after a sync, an OS change or a change of supervision). */
export function reevaluate(state: DeviceState, now: Date): void {
  applyEvaluation(state, evaluate(state));
  planSoftwareUpdate(state, now);
}

/** sendStatusReport PUTs the next incremental status report, if anything changed; says whether one went out. */
export async function sendStatusReport(deps: DdmDeps, full = false): Promise<boolean> {
  const prepared = prepareStatusReport(deps.state, full);
  if (!prepared) return false;
  await request(deps, 'status', Buffer.from(JSON.stringify(prepared.report), 'utf8'));
  prepared.commit();
  const { reports } = deps.state.ddm;
  reports.push({ at: deps.clock(), report: prepared.report, items: prepared.items });
  if (reports.length > 50) reports.shift();
  return true;
}
