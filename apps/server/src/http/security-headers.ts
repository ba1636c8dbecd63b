import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isPhoneTraffic } from './phone-traffic.ts';

type Directives = Record<string, string[]>;

/** AMap JS API 2.0: the loader script and its modules and JSONP services (*.amap.com), map tiles (*.is.autonavi.com), blob workers. */
const AMAP_HOSTS = ['https://*.amap.com', 'https://*.autonavi.com'];

/**
 * consoleCsp is the console's Content-Security-Policy. Scripts come only from our own origin (Vite emits module
 * files, index.html has no inline script), so an injected string can never run.
 *
 * style-src keeps 'unsafe-inline': antd's CSS-in-JS writes its styles into <style> elements at run time, and
 * components set style attributes. A nonce would need a per-response index.html and every antd style tag to carry
 * it; inline CSS cannot run script, and React escapes what it renders, so the script policy is what protects us.
 *
 * The AMap hosts are added only when a key is configured (AMAP_KEY); otherwise the console draws no map.
 */
export function consoleCsp(options: { amap: boolean }): Directives {
  const amap = options.amap ? AMAP_HOSTS : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...amap],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Wallpaper previews and QR codes are data: and blob: URLs.
    'img-src': ["'self'", 'data:', 'blob:', ...amap],
    'connect-src': ["'self'", ...amap],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'", ...(options.amap ? ['blob:'] : [])],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** Swagger UI at /api/docs: its own files only, with the data: images and inline styles it draws with. */
const DOCS_CSP: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/**
 * PERMISSIONS_POLICY turns off the browser features no console page uses, so injected or framed content cannot
 * ask for them under our origin. The console shows device locations the server holds (AMap draws them without
 * the browser's geolocation), takes no photos or sound, and pays nothing in the browser. Left at the browser's
 * default (our own origin only): clipboard-write (antd's copy buttons) and fullscreen.
 */
export const PERMISSIONS_POLICY = [
  'camera',
  'microphone',
  'geolocation',
  'display-capture',
  'payment',
  'usb',
  'serial',
  'hid',
  'bluetooth',
  'midi',
  'accelerometer',
  'gyroscope',
  'magnetometer',
  'xr-spatial-tracking',
  'clipboard-read',
  'browsing-topics',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * headersOf runs helmet once on a stand-in response and keeps what it set: the headers never change per request,
 * and building them per request (as @fastify/helmet does, CSP parsing included) cost 5 % of an MDM round trip.
 */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * registerSecurityHeaders puts helmet's headers on every response but the phones': the CSP above, X-Frame-Options
 * DENY, nosniff, Referrer-Policy same-origin, and the Permissions-Policy above. HSTS only goes out over https (directly, or through a TRUST_PROXY
 * front that says x-forwarded-proto: https); over plain http it would be ignored, and on a LAN address it would pin
 * a wrong promise. Not-found answers get the console's headers too.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { amap: boolean }) {
  const common: HelmetOptions = { frameguard: { action: 'deny' }, referrerPolicy: { policy: 'same-origin' }, strictTransportSecurity: false };
  const permissions = { 'permissions-policy': PERMISSIONS_POLICY };
  const consoleHeaders = { ...headersOf({ ...common, contentSecurityPolicy: { useDefaults: false, directives: consoleCsp(options) } }), ...permissions };
  const docsHeaders = { ...headersOf({ ...common, contentSecurityPolicy: { useDefaults: false, directives: DOCS_CSP } }), ...permissions };
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.routeOptions.url;
    if (url !== undefined && isPhoneTraffic(url)) return done();
    reply.headers(url === '/api/docs' || url?.startsWith('/api/docs/') ? docsHeaders : consoleHeaders);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done();
  });
}
