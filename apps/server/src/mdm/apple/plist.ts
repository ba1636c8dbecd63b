import { build, parse } from 'plist';
import { AppError } from '../../http/app-error.ts';

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

/** normalize turns the parser's output into PlistValue: Buffers for data, and refuses NaN and invalid dates. */
function normalize(value: unknown, depth: number): PlistValue {
  if (depth > MAX_DEPTH) throw new PlistError('malformed', '嵌套过深');
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new PlistError('malformed', '数字格式有误');
    return value;
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new PlistError('malformed', '日期格式有误');
    return value;
  }
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return value.map((v) => normalize(v, depth + 1));
  if (value !== null && typeof value === 'object') {
    const dict: PlistDict = {};
    for (const [k, v] of Object.entries(value)) dict[k] = normalize(v, depth + 1);
    return dict;
  }
  throw new PlistError('malformed', '含有不支持的值');
}

/** parsePlist reads one XML plist body; every failure is a PlistError, never a crash. */
export function parsePlist(body: Buffer | string, maxBytes = MAX_PLIST_BYTES): PlistValue {
  const text = decodeText(body, maxBytes);
  checkShape(text);
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (err) {
    throw new PlistError('malformed', err instanceof Error ? err.message : 'XML 解析失败');
  }
  return normalize(raw, 0);
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
