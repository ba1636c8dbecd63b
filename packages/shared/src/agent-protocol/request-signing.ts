import { AUTH_SCHEME } from './commands.ts';

/** signingString is what the agent signs with its key: method, path with query, time, SHA-256 of the body. */
export const signingString = (method: string, path: string, ts: number, bodySha256Hex: string) => `${method.toUpperCase()}\n${path}\n${ts}\n${bodySha256Hex}`;

/** authorizationHeader builds `AgentSig device=…, ts=…, sig=…`. */
export const authorizationHeader = (deviceId: string, ts: number, sigBase64: string) => `${AUTH_SCHEME} device="${deviceId}", ts="${ts}", sig="${sigBase64}"`;

/** parseAuthorization reads the AgentSig header; null when absent or malformed. */
export function parseAuthorization(header: string | undefined): { deviceId: string; ts: number; sig: string } | null {
  if (!header || header.length > 512) return null;
  const m = /^AgentSig\s+device="([0-9a-f-]{36})",\s*ts="(\d{10,16})",\s*sig="([A-Za-z0-9+/=]{40,200})"$/i.exec(header);
  return m ? { deviceId: m[1].toLowerCase(), ts: Number(m[2]), sig: m[3] } : null;
}
