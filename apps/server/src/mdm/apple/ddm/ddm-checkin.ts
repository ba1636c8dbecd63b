import type { Db } from '../../../db/client.ts';
import type { PlistDict } from '../plist.ts';
import type { StatusListener } from './ddm-port.ts';
import { StatusReportError, parseStatusReport, storeStatusReport } from './ddm-status.ts';
import { DECLARATION_KINDS, type DeclarationKind } from './ddm-tokens.ts';
import { type PhoneSet, phoneSets, recordSync } from './ddm.repo.ts';

/** DdmAnswer is the JSON a DeclarativeManagement check-in gets back, with its HTTP status. */
export interface DdmAnswer {
  status: 200 | 400 | 404;
  /** Sent as application/json; absent: an empty 200 (status reports). */
  json?: unknown;
}

/** rfc3339 is Apple's timestamp form, without the milliseconds JavaScript adds. */
export const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** syncTokens is the SynchronizationTokens object of the tokens endpoint and of the DeclarativeManagement command. */
export const syncTokens = (set: PhoneSet) => ({ DeclarationsToken: set.token, Timestamp: rfc3339(set.timestamp) });

/** manifest is the declaration-items document: every kind's items, Identifier and ServerToken only. */
export function manifest(set: PhoneSet) {
  const items = (kind: DeclarationKind) =>
    set.declarations.filter((d) => d.kind === kind).map((d) => ({ Identifier: d.Identifier, ServerToken: d.ServerToken }));
  return {
    Declarations: { Activations: items('activation'), Configurations: items('configuration'), Assets: items('asset'), Management: items('management') },
    DeclarationsToken: set.token,
  };
}

const problem = (status: 400 | 404, message: string): DdmAnswer => ({
  status,
  json: { code: status === 404 ? 'lease.not-found' : 'lease.bad-request', message },
});

/**
 * createDdmCheckin answers the DeclarativeManagement check-in of an authenticated, enrolled phone (the check-in
 * service has checked who it is). Every answer is computed from the phone's own set: its store's defaults, its own
 * declarations and the built-ins; nothing of another store or phone can be named, let alone fetched.
 */
export function createDdmCheckin(deps: { db: Db; listeners: StatusListener[] }) {
  async function setOf(deviceId: string): Promise<PhoneSet | undefined> {
    return (await phoneSets(deps.db, [deviceId]))[0];
  }

  return async function handle(deviceId: string, msg: PlistDict): Promise<DdmAnswer> {
    const endpoint = typeof msg.Endpoint === 'string' ? msg.Endpoint : '';
    if (endpoint === 'status') {
      let report: ReturnType<typeof parseStatusReport>;
      try {
        report = parseStatusReport(msg.Data);
      } catch (err) {
        if (err instanceof StatusReportError) return problem(400, err.message);
        throw err;
      }
      await deps.db.transaction((tx) => storeStatusReport(tx, deviceId, report, deps.listeners));
      return { status: 200 };
    }
    const set = await setOf(deviceId);
    if (!set) return problem(404, 'unknown device');
    if (endpoint === 'tokens' || endpoint === 'declaration-items') {
      // What the phone has been told is what it will sync to: a later change compares against this.
      await recordSync(deps.db, deviceId, set.token);
      return { status: 200, json: endpoint === 'tokens' ? { SyncTokens: syncTokens(set) } : manifest(set) };
    }
    const match = /^declaration\/([^/]+)\/(.+)$/.exec(endpoint);
    if (!match) return problem(400, `unknown Endpoint ${endpoint.slice(0, 100)}`);
    const [, kind, identifier] = match;
    if (!DECLARATION_KINDS.includes(kind as DeclarationKind)) return problem(404, `unknown declaration type ${kind.slice(0, 40)}`);
    const found = set.declarations.find((d) => d.kind === kind && d.Identifier === identifier);
    if (!found) return problem(404, 'unknown declaration');
    const { kind: _kind, ...declaration } = found;
    return { status: 200, json: declaration };
  };
}
export type DdmCheckin = ReturnType<typeof createDdmCheckin>;
