import { randomUUID } from 'node:crypto';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { MdmCommand } from '../../../../../apps/server/src/mdm/apple/commands.ts';
import { buildEnrollmentProfile } from '../../../../../apps/server/src/mdm/apple/enrolment-profile.ts';
import { type PlistDict, buildPlist, parsePlistDict } from '../../../../../apps/server/src/mdm/apple/plist.ts';
import { createCa, loadCa } from '../../../../../apps/server/src/mdm/apple/pki/ca.ts';
import { verifyMdmSignature } from '../../../../../apps/server/src/mdm/apple/pki/mdm-signature.ts';
import { SCEP_CONTENT_TYPE, createScepServer } from '../../../../../apps/server/src/mdm/apple/pki/scep-server.ts';
import { signProfile } from '../../../../../apps/server/src/mdm/apple/pki/sign-profile.ts';
import { validateCheckinMessage, validateCommandResponse } from '../../../../../apps/server/src/mdm/apple/schema/validate.ts';

/**
 * A tiny in-test MDM server on node:http (not the real server): the server's own CA, SCEP core, signature check,
 * enrolment profile and schema validators, plus an in-memory command list per UDID. It re-serves commands that were
 * sent but never answered, and holds NotNow ones back from the reply to that NotNow, as nanomdm does.
 */

export interface QueuedCommand {
  command: MdmCommand;
  status?: string;
  result?: PlistDict;
  timesSent: number;
}

export interface MiniServerDevice {
  udid: string;
  certFingerprint: string;
  authenticate: PlistDict;
  tokenUpdate?: PlistDict;
  checkedOut: boolean;
  queue: QueuedCommand[];
}

/** ScriptedAnswer replaces the server's answer to the next connect request (HTTP errors, unrecognized device). */
export interface ScriptedAnswer {
  status: number;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export const UNRECOGNIZED_BODY: ScriptedAnswer = {
  status: 403,
  contentType: 'application/json',
  body: JSON.stringify({ code: 'com.apple.unrecognized.device' }),
};

const TOPIC = 'com.apple.mgmt.External.mini-server-test';

const readBody = (req: http.IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export async function startMiniServer(options: { apnsOrigin?: string } = {}) {
  const ca = loadCa(createCa({ commonName: 'Mini MDM Test CA' }));
  const challenges = new Set<string>();
  const scep = createScepServer({ ca, checkChallenge: async (challenge) => (challenges.delete(challenge) ? { ok: true, context: challenge } : { ok: false }) });
  const devices = new Map<string, MiniServerDevice>();
  const problems: string[] = [];
  const checkins: PlistDict[] = [];
  const scripted: ScriptedAnswer[] = [];
  let connectRequests = 0;

  /** verified checks the Mdm-Signature and returns the signer's fingerprint (or records a problem). */
  function verified(req: http.IncomingMessage, body: Buffer): string | undefined {
    const result = verifyMdmSignature(req.headers['mdm-signature'] as string | undefined, body, ca.cert);
    if (!result.ok) problems.push(`${req.url}: Mdm-Signature refused (${result.reason})`);
    return result.ok ? result.fingerprint : undefined;
  }

  function checkin(message: PlistDict, fingerprint: string): void {
    const type = String(message.MessageType);
    checkins.push(message);
    for (const p of validateCheckinMessage(type, message)) problems.push(`${type}: ${p.path} ${p.message}`);
    const udid = String(message.UDID);
    const device = devices.get(udid);
    if (type === 'Authenticate') devices.set(udid, { udid, certFingerprint: fingerprint, authenticate: message, checkedOut: false, queue: [] });
    else if (!device) problems.push(`${type} from an unknown device ${udid}`);
    else if (device.certFingerprint !== fingerprint) problems.push(`${type} signed by another certificate than Authenticate`);
    else if (type === 'TokenUpdate') device.tokenUpdate = message;
    else if (type === 'CheckOut') device.checkedOut = true;
  }

  /** nextCommand picks the oldest unanswered command; after a NotNow it skips NotNow ones (nanomdm's rule). */
  function nextCommand(device: MiniServerDevice, report: PlistDict): QueuedCommand | undefined {
    if (report.Status !== 'Idle') {
      const answered = device.queue.find((q) => q.command.CommandUUID === report.CommandUUID);
      if (!answered) problems.push(`result for unknown command ${String(report.CommandUUID)}`);
      else {
        const type = answered.command.Command.RequestType;
        // A RequestType Apple never defined has no schema; its Error result is still checked by the tests themselves.
        for (const p of validateCommandResponse(type, report).filter((x) => x.kind !== 'unknown-schema')) problems.push(`${type}: ${p.path} ${p.message}`);
        answered.status = String(report.Status);
        answered.result = report;
      }
    }
    return device.queue.find((q) => q.status === undefined || (q.status === 'NotNow' && report.Status !== 'NotNow'));
  }

  function connect(message: PlistDict, fingerprint: string, res: http.ServerResponse): void {
    const device = devices.get(String(message.UDID));
    if (!device || device.checkedOut || device.certFingerprint !== fingerprint) {
      problems.push(`connect from an unknown or checked-out device ${String(message.UDID)}`);
      res.writeHead(403, { 'content-type': 'application/json' }).end(UNRECOGNIZED_BODY.body);
      return;
    }
    const next = nextCommand(device, message);
    if (!next) return void res.writeHead(200).end();
    next.timesSent += 1;
    next.status = undefined;
    res.writeHead(200, { 'content-type': 'application/xml' }).end(buildPlist(next.command));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://mini');
    const body = await readBody(req);
    if (url.pathname === '/scep') {
      const operation = url.searchParams.get('operation');
      if (operation === 'GetCACaps') return void res.writeHead(200, { 'content-type': SCEP_CONTENT_TYPE.caCaps }).end(scep.getCaCaps());
      if (operation === 'GetCACert') return void res.writeHead(200, { 'content-type': SCEP_CONTENT_TYPE.caCert }).end(scep.getCaCert());
      const result = await scep.pkiOperation(body);
      if (result.status === 'malformed') return void res.writeHead(400).end(result.reason);
      return void res.writeHead(200, { 'content-type': SCEP_CONTENT_TYPE.pkiMessage }).end(result.certRep);
    }
    if (req.method !== 'PUT') return void res.writeHead(405).end();
    if (url.pathname === '/mdm/connect') {
      connectRequests += 1;
      const answer = scripted.shift();
      if (answer)
        return void res
          .writeHead(answer.status, { ...(answer.contentType ? { 'content-type': answer.contentType } : {}), ...(answer.headers ?? {}) })
          .end(answer.body ?? '');
    }
    const fingerprint = verified(req, body);
    if (!fingerprint) return void res.writeHead(400).end();
    const message = parsePlistDict(body);
    const expected = url.pathname === '/mdm/checkin' ? 'application/x-apple-aspen-mdm-checkin' : 'application/x-apple-aspen-mdm';
    if (req.headers['content-type'] !== expected) problems.push(`${url.pathname}: content-type ${req.headers['content-type']}`);
    if (url.pathname === '/mdm/checkin') {
      checkin(message, fingerprint);
      return void res.writeHead(200).end();
    }
    if (url.pathname === '/mdm/connect') return connect(message, fingerprint, res);
    res.writeHead(404).end();
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      problems.push(`server error: ${String(err)}`);
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const deviceOf = (udid: string) => {
    const device = devices.get(udid);
    if (!device) throw new Error(`device ${udid} never authenticated`);
    return device;
  };

  return {
    origin,
    caCertDer: ca.certDer,
    topic: TOPIC,
    devices,
    problems,
    checkins,
    get connectRequests() {
      return connectRequests;
    },

    /** enrollmentProfile signs a fresh profile with a one-time SCEP challenge, as the real server serves it. */
    enrollmentProfile(identifier = 'com.example.mini.enroll'): Buffer {
      const challenge = randomUUID();
      challenges.add(challenge);
      const { xml } = buildEnrollmentProfile({
        identifier,
        organization: '迷你测试门店',
        scep: { url: `${origin}/scep`, challenge },
        mdm: { serverUrl: `${origin}/mdm/connect`, checkInUrl: `${origin}/mdm/checkin`, topic: TOPIC },
        caCertDer: ca.certDer,
      });
      return signProfile(xml, ca.certDer, ca.key);
    },

    /** signWithCa signs any .mobileconfig with the server CA, as the console signs the profiles it pushes. */
    signWithCa: (xml: string): Buffer => signProfile(xml, ca.certDer, ca.key),

    enqueue(udid: string, ...commands: MdmCommand[]): string[] {
      deviceOf(udid).queue.push(...commands.map((command) => ({ command, timesSent: 0 })));
      return commands.map((c) => c.CommandUUID);
    },

    /** resultOf is the device's last answer to a command, once it has one. */
    resultOf(udid: string, commandUuid: string): QueuedCommand | undefined {
      return deviceOf(udid).queue.find((q) => q.command.CommandUUID === commandUuid);
    },

    /** answerNextConnects replaces the answers to the next connect requests, in order. */
    answerNextConnects(...answers: ScriptedAnswer[]): void {
      scripted.push(...answers);
    },

    /** push sends `{"mdm": PushMagic}` to the device's token through the mock APNs, as the server's pusher would. */
    async push(udid: string): Promise<number> {
      const update = deviceOf(udid).tokenUpdate;
      if (!options.apnsOrigin || !update || !Buffer.isBuffer(update.Token)) throw new Error('no APNs or no TokenUpdate yet');
      const client = http2.connect(options.apnsOrigin);
      try {
        const stream = client.request({
          ':method': 'POST',
          ':path': `/3/device/${update.Token.toString('hex')}`,
          'apns-topic': TOPIC,
          'apns-push-type': 'mdm',
        });
        const status = new Promise<number>((resolve, reject) => {
          stream.on('response', (headers) => resolve(Number(headers[':status'])));
          stream.on('error', reject);
        });
        stream.end(JSON.stringify({ mdm: update.PushMagic }));
        const code = await status;
        stream.resume();
        return code;
      } finally {
        client.close();
      }
    },

    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type MiniServer = Awaited<ReturnType<typeof startMiniServer>>;
