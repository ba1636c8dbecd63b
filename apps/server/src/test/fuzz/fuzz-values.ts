import fc from 'fast-check';

/** JsonSchema is the part of the OpenAPI document's JSON Schema the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
}

/** Ids that exist in the seeded store, so the fuzzer also reaches past "not found". */
export interface KnownIds {
  ids: string[];
}

const HUGE = 'Ａ'.repeat(70_000);

/**
 * The inputs that crashed the server before (NUL, lone surrogates, impossible dates, non-uuid ids in uuid
 * columns, SQL-looking text) and other classic troublemakers: always in the mix, whatever a field expects.
 */
export const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '20261345',
  '00000000',
  '20260230',
  '99999999',
  '-'.repeat(36),
  '00000000-0000-0000-0000-00000000000g',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  "' OR 1=1 --",
  '"; DROP TABLE clerk; --',
  '../../../../etc/passwd',
  '%00',
  '%ud800',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '9'.repeat(40),
  '0x1F',
  '',
  ' ',
  '\t\r\n',
  '😀👨‍👩‍👧',
  '\u202e\u200b\ufeff',
  '\uffff\ufffe',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  '0000-01-01T00:00:00Z',
  '2026-02-30T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '9999-12-31T23:59:59.999+14:00',
  'now',
  HUGE,
  'a'.repeat(1025),
];

/** A string with any UTF-16 code units, lone surrogates and NUL included. */
const codeUnitString = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 24 }).map((units) => String.fromCharCode(...units));

export const junkString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: codeUnitString },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.uuid() },
);

/** junkValue is any JSON value, biased to the nasty strings and out-of-range numbers. */
export const junkValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: junkString },
    { weight: 2, arbitrary: fc.constantFrom(0, -1, 1.5, -0, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 4.2e-320) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie('v'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(junkString, tie('v'), { maxKeys: 4 }) },
  ),
})).v;

const idLike = /(^|_)ids?$|^for_clerk/;
const isUuidField = (schema: JsonSchema, name: string) => schema.format === 'uuid' || idLike.test(name) || Boolean(schema.pattern?.includes('[0-9a-f]{8}'));

const patternCache = new Map<string, fc.Arbitrary<string>>();
function patternString(pattern: string): fc.Arbitrary<string> {
  let arb = patternCache.get(pattern);
  if (!arb) {
    // Very long alternations (the date-time pattern) only slow fast-check down: a plain sample serves as well.
    arb = pattern.length > 200 ? fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) : fc.stringMatching(new RegExp(pattern), { size: 'xsmall' });
    patternCache.set(pattern, arb);
  }
  return arb;
}

/** validFor makes a value the schema probably accepts, with ids of the seeded store for id fields. */
export function validFor(schema: JsonSchema | undefined, name: string, known: KnownIds, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return fc.constant(null);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validFor(s, name, known, depth + 1)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      return fc
        .tuple(...props.map(([key, s]) => fc.tuple(fc.constant(key), required.has(key) ? fc.constant(true) : fc.boolean(), validFor(s, key, known, depth + 1))))
        .map((fields) => {
          const out: Record<string, unknown> = {};
          for (const [key, present, value] of fields) if (present) out[key] = value;
          return out;
        });
    }
    case 'array':
      return fc.array(validFor(schema.items, name, known, depth + 1), { minLength: 1, maxLength: 2 });
    case 'string':
      if (isUuidField(schema, name))
        return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known.ids) }, { weight: 1, arbitrary: fc.uuid({ version: 4 }) });
      if (schema.pattern) return patternString(schema.pattern);
      if (schema.format === 'date-time')
        return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.format === 'uri') return fc.webUrl({ validSchemes: ['https'] });
      return fc.string({ minLength: Math.max(schema.minLength ?? 0, 1), maxLength: Math.max(Math.min(schema.maxLength ?? 12, 12), schema.minLength ?? 1) });
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? 0, -1e6), max: Math.min(schema.maximum ?? 100, 1e6) });
    case 'number': {
      // A fractional range (the operator's discount rate, 0.1-1): integers within its bounds, or a two-decimal value.
      const min = Math.max(schema.minimum ?? 0, -1e6);
      const max = Math.min(schema.maximum ?? 100, 1e6);
      return fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((n) => n / 100);
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.constant('x');
  }
}

/** junkFor is a wrong value for one field: nasty strings for strings, anything for the rest. */
function junkFor(schema: JsonSchema | undefined, name: string, known: KnownIds): fc.Arbitrary<unknown> {
  const type = schema ? (Array.isArray(schema.type) ? schema.type[0] : schema.type) : undefined;
  if (type === 'string' || (schema && isUuidField(schema, name))) {
    return fc.oneof(
      { weight: 4, arbitrary: spoiled(validFor(schema, name, known) as fc.Arbitrary<string>) },
      { weight: 4, arbitrary: junkString },
      { weight: 1, arbitrary: junkValue },
    );
  }
  if (type === 'integer' || type === 'number') return fc.oneof(fc.constantFrom(-1, 1.5, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, '1', '1e309'), junkValue);
  return junkValue;
}

/** The characters that broke the database before: NUL, lone surrogates. */
const POISON = ['\u0000', '\ud800', '\udfff', '\u0000\u0000'];

/** spoiled slips a poison character into an otherwise good value, which every other check lets through. */
const spoiled = (good: fc.Arbitrary<string>) =>
  fc.tuple(fc.oneof(good, fc.constant('')), fc.constantFrom(...POISON), fc.nat()).map(([v, poison, at]) => {
    const text = typeof v === 'string' ? v : String(v);
    const i = text.length ? at % (text.length + 1) : 0;
    return text.slice(0, i) + poison + text.slice(i);
  });

/**
 * oneBad makes a value that is valid but for exactly one field deep inside, so the one bad value gets past the
 * checks of its neighbours and reaches whatever would choke on it.
 */
function oneBad(schema: JsonSchema | undefined, name: string, known: KnownIds, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return junkValue;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => oneBad(s, name, known, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' && schema.properties && Object.keys(schema.properties).length) {
    const keys = Object.keys(schema.properties);
    return fc
      .tuple(validFor(schema, name, known, depth) as fc.Arbitrary<Record<string, unknown>>, fc.integer({ min: 0, max: keys.length }), junkString, junkValue)
      .chain(([base, i, extraKey, extraValue]) => {
        if (i === keys.length) return fc.constant({ ...base, [extraKey]: extraValue });
        const key = keys[i];
        return oneBad(schema.properties![key], key, known, depth + 1).map((bad) => ({ ...base, [key]: bad }));
      });
  }
  if (type === 'array')
    return fc
      .tuple(fc.array(validFor(schema.items, name, known, depth + 1), { maxLength: 2 }), oneBad(schema.items, name, known, depth + 1))
      .map(([items, bad]) => [...items, bad]);
  return junkFor(schema, name, known);
}

/**
 * valueFor makes a value for a JSON Schema: mostly valid with one bad field, sometimes all valid, sometimes junk
 * of the wrong type altogether.
 */
export function valueFor(schema: JsonSchema | undefined, name: string, known: KnownIds): fc.Arbitrary<unknown> {
  if (!schema) return junkValue;
  return fc.oneof(
    { weight: 6, arbitrary: oneBad(schema, name, known, 0) },
    { weight: 2, arbitrary: validFor(schema, name, known) },
    { weight: 1, arbitrary: junkValue },
  );
}
