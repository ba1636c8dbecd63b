/** LOOPBACK: hosts only this machine reaches; the demo's simulated phones enrol over plain http there. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** enrolmentIsHttps: iOS installs an MDM profile only when its check-in, connect and SCEP URLs are https. */
export const enrolmentIsHttps = (publicUrl: string) => publicUrl.startsWith('https://');

/**
 * enrolmentUrlWarning is the start-up warning for a PUBLIC_URL real iPhones cannot enrol with: anything but https,
 * except a loopback address (the demo and its simulated phones, which no real phone can reach anyway).
 */
export function enrolmentUrlWarning(publicUrl: string): string | null {
  if (enrolmentIsHttps(publicUrl)) return null;
  let host = '';
  try {
    host = new URL(publicUrl).hostname;
  } catch {
    return `PUBLIC_URL (${publicUrl}) is not a URL: iPhones cannot enrol`;
  }
  if (LOOPBACK.has(host)) return null;
  return `PUBLIC_URL (${publicUrl}) is not https: iOS refuses enrolment profiles whose MDM and SCEP URLs are http, so real iPhones cannot enrol. Put the server behind TLS and set PUBLIC_URL=https://…`;
}

/**
 * enrolmentBaseUrl is the base of a store's enrolment profiles and links: PUBLIC_URL with the store's own host name
 * (a white-label domain pointing at this server) in place of its host; scheme and port stay PUBLIC_URL's.
 */
export function enrolmentBaseUrl(publicUrl: string, mdmHost: string | null | undefined): string {
  const base = publicUrl.replace(/\/+$/, '');
  if (!mdmHost) return base;
  const url = new URL(base);
  url.hostname = mdmHost;
  return url.toString().replace(/\/+$/, '');
}
