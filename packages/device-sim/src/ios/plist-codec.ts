import { build, parse } from 'plist';

/** PlistValue is what the phone reads and writes in XML property lists; `<data>` is always a Buffer here. */
export type PlistValue = string | number | boolean | Date | Buffer | PlistValue[] | PlistDict;
export interface PlistDict {
  [key: string]: PlistValue;
}

/** PlistDecodeError: a body the phone cannot read as an XML property list dictionary. */
export class PlistDecodeError extends Error {}

export const isPlistDict = (value: PlistValue | undefined): value is PlistDict =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date) && !Buffer.isBuffer(value);

/** fromParsed turns the parser's Uint8Arrays into Buffers and drops nulls, which plists cannot hold. */
function fromParsed(value: unknown): PlistValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return value.map(fromParsed).filter((v): v is PlistValue => v !== undefined);
  if (value instanceof Date || typeof value !== 'object') return value as PlistValue;
  const dict: PlistDict = {};
  for (const [key, v] of Object.entries(value)) {
    const converted = fromParsed(v);
    if (converted !== undefined) dict[key] = converted;
  }
  return dict;
}

/** encodePlist writes the UTF-8 XML plist body the phone PUTs. */
export const encodePlist = (dict: PlistDict): Buffer => Buffer.from(build(dict), 'utf8');

/** decodePlistDict reads an XML plist whose top level is a dictionary (commands, profiles, error bodies). */
export function decodePlistDict(bytes: Buffer | string): PlistDict {
  const text = typeof bytes === 'string' ? bytes : bytes.toString('utf8');
  if (!text.trimStart().startsWith('<')) throw new PlistDecodeError('not an XML property list');
  let parsed: unknown;
  try {
    parsed = parse(text);
  } catch (err) {
    throw new PlistDecodeError(`unreadable property list: ${err instanceof Error ? err.message : String(err)}`);
  }
  const value = fromParsed(parsed);
  if (!isPlistDict(value)) throw new PlistDecodeError('the property list is not a dictionary');
  return value;
}

/** stringOf, numberOf, booleanOf and dataOf read one typed key, or undefined when it is absent or mistyped. */
export const stringOf = (dict: PlistDict, key: string): string | undefined => (typeof dict[key] === 'string' ? (dict[key] as string) : undefined);
export const numberOf = (dict: PlistDict, key: string): number | undefined => (typeof dict[key] === 'number' ? (dict[key] as number) : undefined);
export const booleanOf = (dict: PlistDict, key: string): boolean | undefined => (typeof dict[key] === 'boolean' ? (dict[key] as boolean) : undefined);
export const dataOf = (dict: PlistDict, key: string): Buffer | undefined => (Buffer.isBuffer(dict[key]) ? (dict[key] as Buffer) : undefined);
export const dictsOf = (dict: PlistDict, key: string): PlistDict[] => {
  const value = dict[key];
  return Array.isArray(value) ? value.filter(isPlistDict) : [];
};
export const stringsOf = (dict: PlistDict, key: string): string[] | undefined => {
  const value = dict[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
};
