import { build } from 'plist';
import { AppError } from '../../http/app-error.ts';
import { ReadError, readXmlPlist } from './plist-reader.ts';

/** PlistValue is what an Apple XML property list can hold; `<data>` is always a Buffer here. */
export type PlistValue = string | number | boolean | Date | Buffer | PlistValue[] | PlistDict;
export interface PlistDict {
  [key: string]: PlistValue;
}

/** MAX_PLIST_BYTES bounds a check-in or connect body: a large InstalledApplicationList is a few hundred KB. */
export const MAX_PLIST_BYTES = 2 * 1024 * 1024;
const MAX_DEPTH = 64;

export type PlistErrorReason = 'too-large' | 'not-xml' | 'malformed' | 'not-a-dict';

/** PlistError is a bad request body; as an AppError it renders as 400 and never reaches the 5xx path. */
export class PlistError extends AppError {
  constructor(
    readonly reason: PlistErrorReason,
    detail: string,
  ) {
    super('VALIDATION_FAILED', `请求体不是有效的 plist：${detail}`);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeText(body: Buffer | string, maxBytes: number): string {
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  if (size > maxBytes) throw new PlistError('too-large', `超过 ${maxBytes} 字节`);
  if (typeof body === 'string') return body;
  try {
    return utf8.decode(body);
  } catch {
    throw new PlistError('malformed', '不是 UTF-8 文本');
  }
}

/** Cheap checks before the XML parser: they catch garbage and truncation without the parser's console noise. */
function checkShape(text: string): void {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed.startsWith('bplist')) throw new PlistError('not-xml', '只接受 XML plist');
  if (!trimmed.startsWith('<')) throw new PlistError('not-xml', '不是 XML');
  if (!trimmed.endsWith('</plist>')) throw new PlistError('malformed', '内容不完整');
  if (/<!ENTITY/i.test(trimmed)) throw new PlistError('malformed', '不允许 DTD 实体');
}

/** parsePlist reads one XML plist body; every failure is a PlistError, never a crash. */
export function parsePlist(body: Buffer | string, maxBytes = MAX_PLIST_BYTES): PlistValue {
  const text = decodeText(body, maxBytes);
  checkShape(text);
  try {
    // The strict reader of plist-reader.ts gives PlistValues directly (Buffers, finite numbers, valid dates).
    return readXmlPlist(text, MAX_DEPTH);
  } catch (err) {
    if (err instanceof ReadError) throw new PlistError('malformed', err.message);
    throw err;
  }
}

export const isPlistDict = (value: PlistValue | undefined): value is PlistDict =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date) && !Buffer.isBuffer(value);

/** parsePlistDict reads a check-in or connect body, whose top level is always a dictionary. */
export function parsePlistDict(body: Buffer | string, maxBytes = MAX_PLIST_BYTES): PlistDict {
  const value = parsePlist(body, maxBytes);
  if (!isPlistDict(value)) throw new PlistError('not-a-dict', '顶层应为 dict');
  return value;
}

/** buildPlist writes an XML plist (Apple's DOCTYPE, integers for whole numbers, base64 for Buffers). */
export const buildPlist = (value: PlistValue): string => build(value);
