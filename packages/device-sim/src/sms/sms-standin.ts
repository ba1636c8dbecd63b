import http from 'node:http';
import { listenLocal } from '../listen-local.ts';

/** DeliveredSms is one text a stand-in accepted, as the provider would hand it to the carrier. */
export interface DeliveredSms {
  phoneNumber: string;
  signName: string;
  templateId: string;
  /** The template variables in the provider's own shape: named for Alibaba Cloud, positional for Tencent Cloud. */
  params: Record<string, string> | string[];
}

/** SmsStandInFault scripts a failure: a provider error code to answer, a delay (timeouts), or a body that is not JSON. */
export interface SmsStandInFault {
  code?: string;
  delayMs?: number;
  garbage?: boolean;
}

export interface SmsStandInOptions {
  accessKeyId: string;
  accessKeySecret: string;
  /** Approved signature (签名). */
  signName: string;
  /** Approved templates: id → the variables it takes (Alibaba: names; Tencent: how many, as ['1'] for {1}). */
  templates: Record<string, string[]>;
  port?: number;
  host?: string;
}

export interface SmsStandIn {
  origin: string;
  /** Texts accepted, oldest first. */
  delivered: DeliveredSms[];
  /** Requests refused, with the provider code they got (signature failures included). */
  refused: { code: string }[];
  setFault(fault: SmsStandInFault): void;
  close(): Promise<void>;
}

/** Answer is what a stand-in's provider logic decides for one request. */
export interface StandInAnswer {
  status: number;
  body: unknown;
  delivered?: DeliveredSms;
  refusedCode?: string;
}

/** startSmsStandIn runs the HTTP plumbing both providers' stand-ins share; `handle` is the provider's own checking. */
export async function startSmsStandIn(
  options: SmsStandInOptions,
  handle: (req: { method: string; headers: http.IncomingHttpHeaders; url: URL; body: string }, fault: SmsStandInFault) => StandInAnswer,
): Promise<SmsStandIn> {
  const delivered: DeliveredSms[] = [];
  const refused: { code: string }[] = [];
  let fault: SmsStandInFault = {};
  let origin = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = () => {
        if (res.destroyed) return;
        if (fault.garbage) {
          res.writeHead(502, { 'content-type': 'text/html' });
          return res.end('<html>Bad Gateway</html>');
        }
        const out = handle(
          { method: req.method ?? 'GET', headers: req.headers, url: new URL(req.url ?? '/', origin), body: Buffer.concat(chunks).toString('utf8') },
          fault,
        );
        if (out.delivered) delivered.push(out.delivered);
        if (out.refusedCode) refused.push({ code: out.refusedCode });
        res.writeHead(out.status, { 'content-type': 'application/json;charset=utf-8' });
        res.end(JSON.stringify(out.body));
      };
      if (fault.delayMs) setTimeout(answer, fault.delayMs);
      else answer();
    });
  });
  const listening = await listenLocal(server, options);
  origin = listening.origin;
  return {
    origin,
    delivered,
    refused,
    setFault: (f) => {
      fault = f;
    },
    close: listening.close,
  };
}
