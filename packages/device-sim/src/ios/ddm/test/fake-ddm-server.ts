import { createHash } from 'node:crypto';
import { decodePlistDict } from '../../plist-codec.ts';
import type { FetchLike } from '../../transport.ts';
import { type DeclarationKind, DECLARATION_KINDS } from '../ddm-state.ts';

/** DeclarationSpec is a declaration as a test states it; the fake derives the ServerToken from its content. */
export interface DeclarationSpec {
  type: string;
  identifier: string;
  payload: Record<string, unknown>;
}

export interface DdmRequestSeen {
  udid: string;
  endpoint: string;
  /** The status report, parsed, for `status`. */
  report?: Record<string, unknown>;
}

const kindOf = (type: string): DeclarationKind => {
  const kind = DECLARATION_KINDS.find((k) => type.startsWith(`com.apple.${k}.`));
  if (!kind) throw new Error(`cannot tell the kind of ${type}`);
  return kind;
};

const token = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 20);

/**
 * createFakeDdmServer is a test-only DDM server side as a fetch wrapper: every request still goes to the MDM server
 * behind it (which checks the signature and validates the check-in against Apple's YAML), and a 200 answer to a
 * `DeclarativeManagement` check-in is replaced by the DDM answer: tokens, declaration-items, one declaration, or the
 * empty answer to a status report. ServerTokens follow content, the DeclarationsToken follows the set.
 */
export function createFakeDdmServer(inner: FetchLike = (url, init) => fetch(url, init)) {
  const sets = new Map<string, Map<string, DeclarationSpec & { kind: DeclarationKind; serverToken: string }>>();
  const requests: DdmRequestSeen[] = [];
  const problems: string[] = [];

  const setOf = (udid: string) => sets.get(udid) ?? new Map();
  const declarationsToken = (udid: string) => token([...setOf(udid).values()].map((d) => [d.identifier, d.serverToken]).sort());

  function answer(udid: string, endpoint: string, data: Buffer | undefined): unknown {
    const set = setOf(udid);
    if (endpoint === 'tokens')
      return { SyncTokens: { DeclarationsToken: declarationsToken(udid), Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') } };
    if (endpoint === 'declaration-items') {
      const items = (kind: DeclarationKind) =>
        [...set.values()].filter((d) => d.kind === kind).map((d) => ({ Identifier: d.identifier, ServerToken: d.serverToken }));
      return {
        Declarations: { Activations: items('activation'), Configurations: items('configuration'), Assets: items('asset'), Management: items('management') },
        DeclarationsToken: declarationsToken(udid),
      };
    }
    if (endpoint === 'status') {
      if (!data) problems.push('status without Data');
      else requests[requests.length - 1].report = JSON.parse(data.toString('utf8'));
      return undefined;
    }
    const match = /^declaration\/(activation|configuration|asset|management)\/(.+)$/.exec(endpoint);
    const d = match ? set.get(match[2]) : undefined;
    if (!match || !d || d.kind !== match[1]) {
      problems.push(`unknown endpoint or declaration ${endpoint}`);
      return { error: 'not found' };
    }
    return { Type: d.type, Identifier: d.identifier, ServerToken: d.serverToken, Payload: d.payload };
  }

  const wrapped: FetchLike = async (url, init) => {
    const res = await inner(url, init);
    const headers = new Headers(init.headers);
    if (init.method !== 'PUT' || headers.get('content-type') !== 'application/x-apple-aspen-mdm-checkin' || res.status !== 200) return res;
    const message = decodePlistDict(Buffer.from(init.body as Uint8Array));
    if (message.MessageType !== 'DeclarativeManagement') return res;
    if (!headers.get('Mdm-Signature')) problems.push('a DeclarativeManagement check-in without Mdm-Signature');
    const udid = String(message.UDID);
    const endpoint = String(message.Endpoint);
    requests.push({ udid, endpoint });
    const body = answer(udid, endpoint, Buffer.isBuffer(message.Data) ? message.Data : undefined);
    if (body === undefined) return new Response(null, { status: 200 });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };

  return {
    fetch: wrapped,
    requests,
    problems,
    /** setDeclarations replaces a phone's declarations; returns the new DeclarationsToken. */
    setDeclarations(udid: string, declarations: DeclarationSpec[]): string {
      sets.set(udid, new Map(declarations.map((d) => [d.identifier, { ...d, kind: kindOf(d.type), serverToken: token([d.type, d.payload]) }])));
      return declarationsToken(udid);
    },
    /** commandData is the DeclarativeManagement command's Data: a TokensResponse for the phone's current set. */
    commandData(udid: string): Buffer {
      return Buffer.from(JSON.stringify(answer(udid, 'tokens', undefined)), 'utf8');
    },
    /** reportsOf are the status reports a phone sent, oldest first. */
    reportsOf(udid: string): Record<string, unknown>[] {
      return requests.filter((r) => r.udid === udid && r.report).map((r) => r.report as Record<string, unknown>);
    },
    endpointsOf(udid: string): string[] {
      return requests.filter((r) => r.udid === udid).map((r) => r.endpoint);
    },
  };
}

export type FakeDdmServer = ReturnType<typeof createFakeDdmServer>;
