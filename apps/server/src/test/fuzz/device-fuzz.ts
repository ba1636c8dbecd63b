import { createHash, sign } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { authorizationHeader, signingString } from '@lease/shared/agent-protocol';
import { mdmSignature } from '../../../../../packages/device-sim/src/ios/mdm-signature.ts';
import { type PlistDict, encodePlist } from '../../../../../packages/device-sim/src/ios/plist-codec.ts';
import { mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { signedHeaders } from '../../modules/open-api/open-api.test-kit.ts';
import { type FuzzRequest, type FuzzWorld, headerSafe } from './fuzz-harness.ts';
import { junkString, junkValue } from './fuzz-values.ts';

/**
 * The device protocols have their own credentials: an open-API HMAC, an agent's ECDSA signature, an iPhone's
 * Mdm-Signature. Signed junk is what gets past them, so the fuzzer signs most of its requests here with the
 * seeded credentials, and sends the rest with forged ones (the non-uuid AgentSig device among them).
 */

let counter = 0;
const roll = () => (counter = (counter * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

const FORGED_AGENT_SIGS = (now: number) => [
  `AgentSig device="${'-'.repeat(36)}", ts="${now}", sig="${'A'.repeat(44)}"`,
  `AgentSig device="00000000-0000-0000-0000-00000000000g", ts="${now}", sig="${'A'.repeat(44)}"`,
  `AgentSig device="${'f'.repeat(36)}", ts="${now}", sig="${'A'.repeat(44)}"`,
  `AgentSig device="12345678-1234-1234-1234-123456789abc", ts="${now}", sig="${'A'.repeat(44)}"`,
  `AgentSig device="12345678-1234-1234-1234-123456789abc", ts="1", sig="${'A'.repeat(44)}"`,
  'AgentSig',
  `Bearer ${'x'.repeat(40)}`,
];

const bodyText = (payload: FuzzRequest['payload']) => (payload === undefined ? '' : typeof payload === 'string' ? payload : payload.toString('utf8'));

/** signDevice signs a generated request as the device protocol of its path wants, most of the time. */
export function signDevice(world: FuzzWorld) {
  return (req: FuzzRequest): FuzzRequest => {
    const headers = { ...req.headers };
    if (req.url.startsWith('/open/v1/') && roll() < 0.75) {
      Object.assign(headers, signedHeaders(world.openApi, req.method, req.url, bodyText(req.payload)));
    } else if (req.url.startsWith('/agent/v1/')) {
      const now = Date.now();
      if (roll() < 0.7) {
        const bodyHash = createHash('sha256')
          .update(Buffer.from(bodyText(req.payload), 'utf8'))
          .digest('hex');
        const sig = sign('sha256', Buffer.from(signingString(req.method, req.url, now, bodyHash)), world.agent.key).toString('base64');
        headers.authorization = authorizationHeader(world.agent.deviceId, now, sig);
      } else {
        const forged = FORGED_AGENT_SIGS(now);
        headers.authorization = forged[Math.floor(roll() * forged.length)];
      }
    }
    return { ...req, headers };
  };
}

/** A plist value of any kind, with junk strings (XML cannot carry NUL: the parser has to refuse it). */
const plistValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    junkString,
    fc.integer(),
    fc.boolean(),
    fc.date({ noInvalidDate: true }),
    fc.uint8Array({ maxLength: 16 }).map((a) => Buffer.from(a)),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 12 }), tie('v'), { maxKeys: 3 }),
  ),
})).v;

const CHECKIN_TYPES = ['Authenticate', 'TokenUpdate', 'DeclarativeManagement', 'GetBootstrapToken', 'SetBootstrapToken', 'UserAuthenticate', 'GetToken'];
const STATUSES = ['Acknowledged', 'Error', 'NotNow', 'Idle', 'CommandFormatError'];
const DDM_ENDPOINTS = [
  'tokens',
  'declaration-items',
  'status',
  'declaration/activation/lease.ddm.activation',
  'declaration/configuration/lease.ddm.status-subscriptions',
  'declaration/management/lease.ddm.organization-info',
  'declaration/configuration/../../etc',
  'declaration//',
];

/** The result keys the engine reads from answers, filled with junk of every type. */
const RESULT_KEYS = [
  'QueryResponses',
  'InstalledApplicationList',
  'ProfileList',
  'SecurityInfo',
  'CertificateList',
  'AvailableOSUpdates',
  'OSUpdateStatus',
  'UpdateResults',
  'ErrorChain',
  'Latitude',
  'Longitude',
  'ActivationLockBypassCode',
  'RequestType',
  'ServiceSubscriptions',
];

/**
 * signedMdmRequests makes check-in and connect bodies from the enrolled simulated iPhone, signed with its SCEP
 * identity: real and junk UDIDs, statuses, CommandUUIDs (`' OR 1=1 --` among them) and result payloads.
 */
export async function signedMdmRequests(world: FuzzWorld, count: number, seed: number): Promise<FuzzRequest[]> {
  const phone = world.phone!;
  const commandIds = (await world.t.db.select({ id: mdmCommand.id }).from(mdmCommand).where(eq(mdmCommand.deviceId, phone.deviceId))).map((r) => r.id);
  const someId = fc.oneof(
    fc.constantFrom("' OR 1=1 --", '-'.repeat(36), '00000000-0000-0000-0000-00000000000g', ''),
    junkString,
    fc.uuid(),
    ...(commandIds.length ? [fc.constantFrom(...commandIds)] : []),
  );
  const udid = fc.oneof({ weight: 8, arbitrary: fc.constant(phone.udid) }, { weight: 1, arbitrary: junkString });
  const extras = fc.dictionary(fc.oneof(fc.constantFrom(...RESULT_KEYS), fc.string({ maxLength: 10 })), plistValue, { maxKeys: 4 });
  const connect = fc.record({
    UDID: udid,
    Status: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...STATUSES) }, { weight: 1, arbitrary: junkString }),
    CommandUUID: someId,
    extra: extras,
  });
  const checkin = fc.record({
    UDID: udid,
    MessageType: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...CHECKIN_TYPES) }, { weight: 1, arbitrary: junkString }),
    extra: extras,
  });
  // DeclarativeManagement check-ins reach the DDM endpoints: real and junk Endpoints, JSON and junk Data.
  const ddmData = fc.oneof(
    fc.uint8Array({ maxLength: 32 }).map((a) => Buffer.from(a)),
    junkValue.map((v) => Buffer.from(JSON.stringify(v) ?? '')),
    fc
      .record({ StatusItems: fc.dictionary(fc.string({ maxLength: 12 }), junkValue, { maxKeys: 3 }), Errors: junkValue })
      .map((r) => Buffer.from(JSON.stringify(r))),
  );
  const ddm = fc.record(
    {
      UDID: udid,
      MessageType: fc.constant('DeclarativeManagement'),
      Endpoint: fc.oneof(fc.constantFrom(...DDM_ENDPOINTS), junkString),
      Data: ddmData,
      extra: extras,
    },
    { requiredKeys: ['UDID', 'MessageType', 'extra'] },
  );
  const arb = fc.oneof(
    connect.map((m) => ({ url: '/mdm/connect', m })),
    checkin.map((m) => ({ url: '/mdm/checkin', m })),
    ddm.map((m) => ({ url: '/mdm/checkin', m })),
  );
  return fc.sample(arb, { numRuns: count, seed }).map(({ url, m }) => {
    const { extra, ...fields } = m as { extra: Record<string, unknown> } & Record<string, unknown>;
    const dict = { ...extra, ...fields } as PlistDict;
    let body: Buffer;
    try {
      body = encodePlist(dict);
    } catch {
      body = Buffer.from(`<plist><dict><key>UDID</key><string>${phone.udid}</string></dict></plist>`);
    }
    const type = url === '/mdm/connect' ? 'application/x-apple-aspen-mdm' : 'application/x-apple-aspen-mdm-checkin';
    return {
      method: 'PUT',
      url,
      headers: { 'content-type': type, 'mdm-signature': mdmSignature(body, phone.identity) },
      payload: body,
      caller: 'device' as const,
      bodyKind: 'signed-plist',
    };
  });
}

/** Unsigned or badly signed junk for /mdm/*: never a 401, never a 5xx. */
export function unsignedMdmRequests(count: number, seed: number): FuzzRequest[] {
  const arb = fc.record({
    method: fc.constantFrom('PUT', 'POST', 'GET'),
    url: fc.constantFrom(
      '/mdm/checkin',
      '/mdm/connect',
      '/mdm/scep?operation=PKIOperation',
      '/mdm/scep?operation=GetCACaps',
      '/mdm/scep',
      '/mdm/scep?operation=PKIOperation&message=%00%ZZ',
      '/mdm/dep/enroll/%00',
      `/mdm/dep/enroll/${'-'.repeat(36)}`,
      '/mdm/dep/enroll/00000000-0000-4000-8000-000000000000',
    ),
    type: fc.constantFrom(
      'application/x-apple-aspen-mdm',
      'application/x-apple-aspen-mdm-checkin',
      'application/pkcs7-signature',
      'application/json',
      'text/plain',
      '',
    ),
    signature: fc.option(junkString.map(headerSafe), { freq: 2 }),
    body: fc.oneof(
      junkString,
      junkValue.map((v) => JSON.stringify(v) ?? ''),
      fc.constantFrom(
        '<?xml version="1.0"?><plist><dict><key>UDID</key><string>&#0;</string></dict></plist>',
        '<plist><dict><key>MessageType</key><string>Authenticate</string></dict></plist>',
      ),
    ),
  });
  return fc.sample(arb, { numRuns: count, seed }).map(({ method, url, type, signature, body }) => {
    const headers: Record<string, string> = {};
    if (type) headers['content-type'] = type;
    if (signature !== null) headers['mdm-signature'] = signature;
    return {
      method: url.startsWith('/mdm/dep') ? 'POST' : method,
      url,
      headers,
      payload: method === 'GET' ? undefined : body,
      caller: 'anonymous' as const,
      bodyKind: 'mdm-junk',
    };
  });
}
