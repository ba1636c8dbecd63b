import { hkdfSync } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { createSecretBox, type SecretBox } from '../../secret-box.ts';

const ISSUER = '租机宝运营后台';
const PERIOD = 30;

/** totpBox seals TOTP secrets at rest with a key derived for this purpose only from the server's API-secret key. */
export function createTotpBox(masterKey: Uint8Array): SecretBox {
  return createSecretBox(new Uint8Array(hkdfSync('sha256', masterKey, new Uint8Array(0), 'ops-totp-secret', 32)));
}

const totpOf = (secretBase32: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secretBase32) });

/** newTotpEnrolment makes a fresh secret and the otpauth URL / QR code an authenticator app scans. */
export async function newTotpEnrolment(label: string) {
  const secret = new Secret({ size: 20 }).base32;
  const url = totpOf(secret, label).toString();
  const qr = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url: url, qr_data_url: `data:image/svg+xml;base64,${Buffer.from(qr).toString('base64')}` };
}

/**
 * checkTotp returns the 30-second step a code belongs to (the current one or one either side, for clock
 * drift), or null. The caller refuses a step not after the last accepted one, so a code works only once.
 */
export function checkTotp(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secretBase32, 'x').validate({ token: code, window: 1, timestamp: now });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD) + delta;
}

/** totpCode computes the current code (tests and the demo print it; the console never does). */
export const totpCode = (secretBase32: string, now = Date.now()) => totpOf(secretBase32, 'x').generate({ timestamp: now });
