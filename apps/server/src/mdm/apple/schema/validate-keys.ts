import { type PlistDict, type PlistValue, isPlistDict } from '../plist.ts';
import type { SchemaKey, SchemaProblem, SchemaType } from './schema-types.ts';

/** KeyCheck says whether missing required keys count (they don't in an Error or NotNow result). */
export interface KeyCheck {
  requireKeys: boolean;
}

const isWildcard = (k: SchemaKey) => k.key.startsWith('ANY');

/** requiredOnDevice: required keys that are n/a on iOS, or only for User Enrollment / Shared iPad, are not required of an iPhone. */
function requiredOnDevice(k: SchemaKey): boolean {
  const ios = k.supportedOS?.iOS;
  return k.presence === 'required' && ios?.introduced !== 'n/a' && ios?.userenrollment?.mode !== 'required' && ios?.sharedipad?.mode !== 'required';
}

const typeTests: Record<SchemaType, (v: PlistValue) => boolean> = {
  '<string>': (v) => typeof v === 'string',
  '<integer>': (v) => typeof v === 'number' && Number.isInteger(v),
  '<real>': (v) => typeof v === 'number',
  '<boolean>': (v) => typeof v === 'boolean',
  '<date>': (v) => v instanceof Date,
  '<data>': (v) => Buffer.isBuffer(v),
  '<array>': (v) => Array.isArray(v),
  '<dictionary>': (v) => isPlistDict(v),
  '<any>': () => true,
};

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** validateDict checks `value` against a list of schema keys and appends every mismatch to `out`. */
export function validateDict(keys: SchemaKey[], value: PlistDict, path: string, check: KeyCheck, out: SchemaProblem[]): void {
  const named = new Map(keys.filter((k) => !isWildcard(k)).map((k) => [k.key, k]));
  const wildcard = keys.find(isWildcard);
  for (const [name, v] of Object.entries(value)) {
    const schema = named.get(name) ?? wildcard;
    if (schema) validateValue(schema, v, join(path, name), check, out);
    else out.push({ path: join(path, name), kind: 'unknown-key', message: `key ${name} is not in the schema` });
  }
  if (!check.requireKeys) return;
  for (const k of named.values()) {
    if (!(k.key in value) && requiredOnDevice(k)) {
      out.push({ path: join(path, k.key), kind: 'missing-key', message: `required key ${k.key} is missing` });
    }
  }
}

function validateScalar(schema: SchemaKey, value: PlistValue, path: string, out: SchemaProblem[]): void {
  if (schema.rangelist && !schema.rangelist.includes(value as string | number | boolean)) {
    out.push({ path, kind: 'not-allowed', message: `${String(value)} is not one of ${schema.rangelist.join(', ')}` });
  }
  if (typeof value === 'number' && schema.range) {
    const { min, max } = schema.range;
    if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
      out.push({ path, kind: 'out-of-range', message: `${value} is outside ${min ?? '-∞'}..${max ?? '∞'}` });
    }
  }
  if (typeof value === 'string' && schema.format && !new RegExp(schema.format).test(value)) {
    out.push({ path, kind: 'bad-format', message: `${value} does not match ${schema.format}` });
  }
}

/** pickAlternative chooses among several item schemas (Settings items) by the one whose fixed-value key matches. */
function pickAlternative(items: SchemaKey[], value: PlistValue): SchemaKey | undefined {
  if (!isPlistDict(value)) return undefined;
  return items.find((alt) => (alt.subkeys ?? []).some((k) => k.rangelist && k.presence === 'required' && k.rangelist.includes(value[k.key] as string)));
}

function validateArray(schema: SchemaKey, value: PlistValue[], path: string, check: KeyCheck, out: SchemaProblem[]): void {
  const items = schema.subkeys ?? [];
  const only = items.length === 1 ? items[0] : undefined;
  const { min, max } = only?.repetition ?? {};
  if ((min !== undefined && value.length < min) || (max !== undefined && value.length > max)) {
    out.push({ path, kind: 'out-of-range', message: `array has ${value.length} items, expected ${min ?? 0}..${max ?? '∞'}` });
  }
  value.forEach((item, i) => {
    const at = `${path}[${i}]`;
    if (items.length === 0) return;
    const schemaOfItem = only ?? pickAlternative(items, item);
    if (!schemaOfItem) {
      out.push({ path: at, kind: 'not-allowed', message: `item matches none of ${items.map((k) => k.key).join(', ')}` });
      return;
    }
    const allowed = schemaOfItem.type !== '<dictionary>' && schemaOfItem.subkeys?.map((k) => k.key);
    if (allowed && allowed.length > 0) {
      if (!typeTests[schemaOfItem.type](item)) out.push({ path: at, kind: 'wrong-type', message: `expected ${schemaOfItem.type}` });
      else if (!allowed.includes(item as string)) out.push({ path: at, kind: 'not-allowed', message: `${String(item)} is not a known value` });
      return;
    }
    validateValue(schemaOfItem, item, at, check, out);
  });
}

/** validateValue checks one value: its type, then allowed values, ranges and format, then its contents. */
export function validateValue(schema: SchemaKey, value: PlistValue, path: string, check: KeyCheck, out: SchemaProblem[]): void {
  if (!typeTests[schema.type](value)) {
    out.push({ path, kind: 'wrong-type', message: `expected ${schema.type}` });
    return;
  }
  if (Array.isArray(value)) validateArray(schema, value, path, check, out);
  else if (isPlistDict(value)) {
    if (schema.type === '<dictionary>' && schema.subkeys?.length) validateDict(schema.subkeys, value, path, check, out);
  } else validateScalar(schema, value, path, out);
}
