import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Offline passcodes (DESIGN §6, research brief §5): OCRA-style challenge-response codes that a locked phone
 * checks without the network. Server and agent share this one implementation. Node-only (node:crypto):
 * import it as `@lease/shared/offline-passcode`, never from the package index the browser loads.
 *
 * K_dev is 32 random bytes per device, sent once at enrolment. Purpose keys separate the two uses, so an
 * unlock code can never deregulate:  K_u = HMAC-SHA256(K_dev, "UNLOCK-v1"),  K_d = HMAC-SHA256(K_dev, "DEREG-v1").
 * The message binds the code to the purpose, the device, the lock epoch, the one-time challenge Q shown on
 * the lock screen and the grant g:  M = purpose|deviceId|epoch|Q|gg.
 *  - unlock: gg ‖ RFC 4226 §5.3 dynamic truncation of HMAC-SHA256(K_u, M) mod 10^8  → 10 digits
 *  - deregulate: the same truncation widened to 63 bits (8 bytes at the offset) mod 10^12 → 12 digits
 */

export type PasscodePurpose = 'unlock' | 'deregulate';

/** CHALLENGE_PATTERN: the lock screen shows 8 random digits. */
export const CHALLENGE_PATTERN = /^\d{8}$/;
export const MAX_GRANT_DAYS = 30;
/** EPOCH_WINDOW: the agent accepts codes computed for its epoch or up to this many offline locks before. */
export const EPOCH_WINDOW = 3;
export const UNLOCK_CODE_LENGTH = 10;
export const DEREGULATE_CODE_LENGTH = 12;

const PURPOSE_LABEL: Record<PasscodePurpose, string> = { unlock: 'UNLOCK-v1', deregulate: 'DEREG-v1' };

/** purposeKey derives K_u or K_d from K_dev. */
export function purposeKey(devKey: Uint8Array, purpose: PasscodePurpose): Buffer {
  return createHmac('sha256', devKey).update(PURPOSE_LABEL[purpose]).digest();
}

/** truncate is RFC 4226 §5.3 dynamic truncation; `wide` reads 8 bytes (63 bits) instead of 4 (31 bits). */
function truncate(mac: Buffer, wide: boolean): bigint {
  const offset = mac[mac.length - 1] & 0x0f;
  if (!wide) return BigInt(mac.readUInt32BE(offset) & 0x7fffffff);
  return mac.readBigUInt64BE(offset) & 0x7fffffffffffffffn;
}

export interface PasscodeInput {
  purpose: PasscodePurpose;
  deviceId: string;
  lockEpoch: number;
  challenge: string;
  /** Unlock only: 0 = until the next check-in, 1-30 = days before the phone relocks if still offline. */
  grantDays?: number;
}

/** computePasscode returns the code for one challenge; throws RangeError on input outside the scheme. */
export function computePasscode(devKey: Uint8Array, input: PasscodeInput): string {
  if (!CHALLENGE_PATTERN.test(input.challenge)) throw new RangeError('challenge must be 8 digits');
  const grant = input.purpose === 'unlock' ? (input.grantDays ?? 0) : 0;
  if (!Number.isInteger(grant) || grant < 0 || grant > MAX_GRANT_DAYS) throw new RangeError('grant out of range');
  const gg = String(grant).padStart(2, '0');
  const message = `${input.purpose}|${input.deviceId.toLowerCase()}|${input.lockEpoch}|${input.challenge}|${gg}`;
  const mac = createHmac('sha256', purposeKey(devKey, input.purpose)).update(message).digest();
  if (input.purpose === 'unlock') return gg + (truncate(mac, false) % 100_000_000n).toString().padStart(8, '0');
  return (truncate(mac, true) % 1_000_000_000_000n).toString().padStart(DEREGULATE_CODE_LENGTH, '0');
}

export interface PasscodeMatch {
  purpose: PasscodePurpose;
  lockEpoch: number;
  grantDays: number;
}

/**
 * verifyPasscode is the agent's check: the code's length says its purpose, the first two digits of an
 * unlock code its grant; epochs from the current one back EPOCH_WINDOW locks are accepted because the
 * server only knows the epoch the phone last reported. Comparison is constant-time.
 */
export function verifyPasscode(devKey: Uint8Array, deviceId: string, currentEpoch: number, challenge: string, code: string): PasscodeMatch | null {
  const purpose: PasscodePurpose | null = code.length === UNLOCK_CODE_LENGTH ? 'unlock' : code.length === DEREGULATE_CODE_LENGTH ? 'deregulate' : null;
  if (!purpose || !/^\d+$/.test(code) || !CHALLENGE_PATTERN.test(challenge)) return null;
  const grantDays = purpose === 'unlock' ? Number(code.slice(0, 2)) : 0;
  if (grantDays > MAX_GRANT_DAYS) return null;
  let match: PasscodeMatch | null = null;
  for (let epoch = currentEpoch; epoch >= Math.max(0, currentEpoch - EPOCH_WINDOW); epoch--) {
    const expected = Buffer.from(computePasscode(devKey, { purpose, deviceId, lockEpoch: epoch, challenge, grantDays }));
    // Every candidate is compared, so the time taken does not tell which epoch matched.
    if (timingSafeEqual(expected, Buffer.from(code)) && !match) match = { purpose, lockEpoch: epoch, grantDays };
  }
  return match;
}
