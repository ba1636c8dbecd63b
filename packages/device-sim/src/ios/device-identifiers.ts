import { randomBytes, randomInt } from 'node:crypto';
import { CARRIERS, type CarrierCode } from './device-catalog.ts';

/** SERIAL_ALPHABET: digits and capitals without I and O, which Apple leaves out of serial numbers. */
const SERIAL_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** BYPASS_ALPHABET: the 32 characters of Apple's Activation Lock bypass codes (5 bits each). */
const BYPASS_ALPHABET = '0123456789ACDEFGHJKLMNPQRTUVWXYZ';

const pick = (alphabet: string, length: number) => Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
const digits = (length: number) => pick('0123456789', length);

/** luhnCheckDigit is the digit that makes `body` + digit pass the Luhn check (IMEI, ICCID). */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** isLuhnValid checks a full number whose last digit is its Luhn check digit. */
export const isLuhnValid = (value: string): boolean => /^\d+$/.test(value) && luhnCheckDigit(value.slice(0, -1)) === value.slice(-1);

/** randomSerialNumber makes a 12-character serial in the newer randomised style, e.g. 'F2L' + 9 characters. */
export const randomSerialNumber = (prefix = 'F2L'): string => prefix + pick(SERIAL_ALPHABET, 12 - prefix.length);

/** randomUdid makes an A12-or-later UDID: the chip id, a dash and 16 hex digits ('00008120-001C2D3E4F5A6B7C'). */
export const randomUdid = (chipId: string): string => `0000${chipId}-${randomBytes(8).toString('hex').toUpperCase()}`;

/** randomImei makes a 15-digit IMEI: the model's TAC, a 6-digit serial and the Luhn check digit. */
export function randomImei(typeAllocationCode: string): string {
  const body = typeAllocationCode + digits(14 - typeAllocationCode.length);
  return body + luhnCheckDigit(body);
}

/** randomIccid makes a 20-digit ICCID with the carrier's issuer prefix and a Luhn check digit. */
export function randomIccid(carrier: CarrierCode): string {
  const body = CARRIERS[carrier].iccidPrefix + digits(13);
  return body + luhnCheckDigit(body);
}

/** randomPhoneNumber makes a mainland mobile number with country code, as ServiceSubscriptions reports it. */
export function randomPhoneNumber(carrier: CarrierCode): string {
  const prefixes = CARRIERS[carrier].numberPrefixes;
  return `+86${prefixes[randomInt(prefixes.length)]}${digits(8)}`;
}

/**
 * randomBypassCode makes an Activation Lock bypass code: 128 bits as 26 characters grouped 5-5-4-4-4-4. The last
 * character carries only the 3 bits left over, so it is one of the first eight characters.
 */
export function randomBypassCode(): string {
  const chars = pick(BYPASS_ALPHABET, 25) + BYPASS_ALPHABET[randomInt(8)];
  return [chars.slice(0, 5), chars.slice(5, 10), chars.slice(10, 14), chars.slice(14, 18), chars.slice(18, 22), chars.slice(22)].join('-');
}

/** randomHardwareAddress makes a MAC address for WiFiMAC and BluetoothMAC (Apple's OUI 'f0:18:98'). */
export const randomHardwareAddress = (): string => ['f0', '18', '98', ...Array.from(randomBytes(3), (b) => b.toString(16).padStart(2, '0'))].join(':');
