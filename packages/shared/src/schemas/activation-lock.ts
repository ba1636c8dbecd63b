import type { z } from 'zod';
import type { DepActivationLockStatus } from './abm.ts';
import { deviceIdBody } from './ios-device.ts';
import { sensitiveProof } from './store.ts';

/*
 * Activation Lock of a leased iPhone (DESIGN §5): the console's calls, and Apple's bypass-code format, which
 * the server (to lock and unlock) and the device simulator's stand-in of Apple (to check an unlock) share.
 * Apple: https://developer.apple.com/documentation/devicemanagement/creating-and-using-bypass-codes
 */

/** POST /api/device/ios/command/{turn-on,turn-off}-activation-lock and get-activation-lock-password. */
export const activationLockRequest = deviceIdBody.extend(sensitiveProof.shape);
export type ActivationLockRequest = z.infer<typeof activationLockRequest>;

/** ActivationLockResult: a call to Apple finishes its operation at once, DONE or FAILED with Apple's reason in Chinese. */
export interface ActivationLockResult {
  operation_log_id: string;
  status: number;
  replayed: boolean;
  /** The operation log's result text, e.g. why Apple refused. */
  result: string;
}

/** Which bypass code opens the lock: the one the server generated (ABM lock) or the one the phone escrowed (查找). */
export type BypassCodeSource = 'server' | 'device';

export interface ActivationLockPassword {
  /** The code to type on the phone's Activation Lock screen (in the password field, with an empty Apple ID). */
  activation_lock_password: string;
  source: BypassCodeSource;
}

/** ActivationLockState is what the dialogs need to say before the clerk types a password (GET …/helper/activation-lock). */
export interface ActivationLockState {
  activation_lock_status: number;
  /** The server holds the code it locked the phone with through ABM. */
  server_code: boolean;
  /** The server holds the code the supervised phone generated itself (fetched with ActivationLockBypassCode). */
  device_code: boolean;
  /** The phone's last IsActivationLockEnabled answer (Apple warns it can be wrong either way); null before any. */
  device_reports_enabled: boolean | null;
  /** Why turning it on, off, or showing the code cannot happen now (Chinese), or null. */
  cannot_turn_on: string | null;
  cannot_turn_off: string | null;
  cannot_get_password: string | null;
  /** The store has no ABM server token: the clerk is pointed to 更新 ABM 令牌. */
  abm_missing: boolean;
}

/** activationLockDepText explains each response_status of ABM's `POST /device/activationlock` to a clerk. */
export const activationLockDepText: Record<DepActivationLockStatus, string> = {
  SUCCESS: 'Apple 已为设备开启激活锁',
  NOT_ACCESSIBLE: 'Apple 拒绝：该设备不在本门店的 Apple 商务管理（ABM）服务器中。请确认设备已分配给本门店的 MDM 服务器',
  ORG_NOT_SUPPORTED: 'Apple 拒绝：本门店的 Apple 商务管理组织不支持由 MDM 开启激活锁',
  DEVICE_NOT_SUPPORTED: 'Apple 拒绝：该设备型号或系统版本不支持由 MDM 开启激活锁',
  DEVICE_ALREADY_LOCKED: 'Apple 报告设备已处于激活锁状态（可能已由租机人的「查找」或之前的操作开启）',
  FAILED: 'Apple 处理失败，请稍后重试',
};

/** BYPASS_CODE_ALPHABET: Apple's 32 characters, 5 bits each (no B, I, O, S). */
export const BYPASS_CODE_ALPHABET = '0123456789ACDEFGHJKLMNPQRTUVWXYZ';
const GROUPS = [5, 5, 4, 4, 4, 4];
/** A code as Apple prints it: 26 characters in groups 5-5-4-4-4-4; the last carries only 3 bits (0-7). */
export const BYPASS_CODE_PATTERN =
  /^[0-9ACDEFGHJKLMNPQRTUVWXYZ]{5}-[0-9ACDEFGHJKLMNPQRTUVWXYZ]{5}(-[0-9ACDEFGHJKLMNPQRTUVWXYZ]{4}){3}-[0-9ACDEFGHJKLMNPQRTUVWXYZ]{3}[0-7]$/;
export const BYPASS_CODE_BYTES = 16;

/**
 * bypassCodeFromBytes writes 16 random bytes as Apple's dashed code: the bits in order, 5 per character.
 * 128 bits leave 3 over after 25 characters; Apple puts them in the low bits of the 26th (unlike bech32).
 */
export function bypassCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== BYPASS_CODE_BYTES) throw new Error(`a bypass code is ${BYPASS_CODE_BYTES} bytes`);
  const values: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const byte of bytes) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      values.push((acc >> bits) & 31);
    }
    acc &= (1 << bits) - 1;
  }
  values.push(acc);
  const chars = values.map((v) => BYPASS_CODE_ALPHABET[v]).join('');
  const groups: string[] = [];
  let at = 0;
  for (const size of GROUPS) {
    groups.push(chars.slice(at, at + size));
    at += size;
  }
  return groups.join('-');
}

/** bytesFromBypassCode reads a code back (dashes and case ignored); null when it is not one. */
export function bytesFromBypassCode(code: string): Uint8Array | null {
  const normalised = code.trim().toUpperCase();
  if (!BYPASS_CODE_PATTERN.test(normalised)) return null;
  const values = [...normalised.replace(/-/g, '')].map((c) => BYPASS_CODE_ALPHABET.indexOf(c));
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  values.forEach((value, i) => {
    const width = i === values.length - 1 ? 3 : 5;
    acc = (acc << width) | value;
    bits += width;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 255);
    }
    acc &= (1 << bits) - 1;
  });
  return Uint8Array.from(out);
}

/** PBKDF2 parameters Apple fixes for the escrow key: HMAC-SHA256, salt of four zero bytes, 50 000 rounds, 32 bytes. */
const ESCROW_SALT = new Uint8Array(4);
const ESCROW_ITERATIONS = 50_000;

/**
 * escrowKeyOf is what ABM's `POST /device/activationlock` gets as escrow_key: the hex PBKDF2-SHA256 hash of the
 * code's 16 raw bytes. Apple keeps only this hash, so an unlock must present the code itself. WebCrypto, so
 * the module stays free of node: imports for the console bundle.
 */
export async function escrowKeyOf(bytes: Uint8Array): Promise<string> {
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey('raw', Uint8Array.from(bytes), 'PBKDF2', false, ['deriveBits']);
  const hash = await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: ESCROW_SALT, iterations: ESCROW_ITERATIONS }, key, 256);
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** escrowKeyOfCode hashes a dashed code (null when it is not one). */
export async function escrowKeyOfCode(code: string): Promise<string | null> {
  const bytes = bytesFromBypassCode(code);
  return bytes ? escrowKeyOf(bytes) : null;
}

/**
 * EscrowUnlockRequest is one "disable Activation Lock" request as Apple documents it: the device in the query
 * (serial, productType, IMEI, second IMEI, MEID; the last three only for cellular phones), and in the form body
 * the organisation and requester for Apple's audit, and the bypass code itself, dashed, as `escrowKey`.
 */
export interface EscrowUnlockRequest {
  serial: string;
  /** Hardware identifier, e.g. iPhone15,2. */
  productType: string;
  imei?: string;
  imei2?: string;
  meid?: string;
  orgName: string;
  /** Who asks (Apple: e-mail, LDAP id or name); we send the clerk's id. */
  guid: string;
  escrowKey: string;
}
