import { type PlistDict, isPlistDict } from '../plist.ts';
import { type DeclarativeSchemas, declarativeSchemas } from './declarative-schemas.ts';
import type { SchemaKey, SchemaProblem } from './schema-types.ts';
import { type KeyCheck, validateDict, validateValue } from './validate-keys.ts';

const strict: KeyCheck = { requireKeys: true };
const unknownSchema = (path: string, what: string): SchemaProblem[] => [{ path, kind: 'unknown-schema', message: `Apple's schema has no ${what}` }];
const asDict = (v: unknown) => v as PlistDict;

/**
 * SYNC_TOKENS is Apple's SynchronizationTokens object, which the YAML release names (`subkeytype`) but does not
 * spell out: DeclarationsToken and an RFC 3339 Timestamp (Apple's DDM protocol documentation).
 */
const SYNC_TOKENS: SchemaKey = {
  key: 'SyncTokens',
  type: '<dictionary>',
  presence: 'required',
  subkeys: [
    { key: 'DeclarationsToken', type: '<string>', presence: 'required' },
    { key: 'Timestamp', type: '<string>', presence: 'required', format: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$' },
  ],
};

/** validateDeclaration checks a declaration as the phone fetches it: DeclarationBase with its type's Payload keys. */
export function validateDeclaration(declaration: Record<string, unknown>, schemas: DeclarativeSchemas = declarativeSchemas()): SchemaProblem[] {
  const type = declaration.Type;
  const schema = typeof type === 'string' ? schemas.declarations.get(type) : undefined;
  if (!schema) return unknownSchema('Type', `declaration type ${String(type)}`);
  const keys = schemas.base.payloadkeys.map((k) => (k.key === 'Payload' ? { ...k, subkeys: schema.payloadkeys } : k));
  const out: SchemaProblem[] = [];
  validateDict(keys, asDict(declaration), '', strict, out);
  return out;
}

/** validateProtocolDocument checks a tokens or declaration-items answer (TokensResponse, DeclarationItemsResponse). */
export function validateProtocolDocument(
  requestType: 'TokensResponse' | 'DeclarationItemsResponse' | 'StatusReport',
  document: Record<string, unknown>,
  schemas: DeclarativeSchemas = declarativeSchemas(),
): SchemaProblem[] {
  const schema = schemas.protocol.get(requestType);
  if (!schema) return unknownSchema('', `protocol document ${requestType}`);
  const keys = schema.payloadkeys.map((k) => (k.key === 'SyncTokens' ? SYNC_TOKENS : k));
  const out: SchemaProblem[] = [];
  validateDict(keys, asDict(document), '', strict, out);
  return out;
}

/** validateStatusItems walks the nested StatusItems down to each item Apple names and checks its value. */
function validateStatusItems(items: PlistDict, prefix: string, schemas: DeclarativeSchemas, out: SchemaProblem[]) {
  for (const [key, value] of Object.entries(items)) {
    const name = prefix ? `${prefix}.${key}` : key;
    const schema = schemas.status.get(name);
    if (schema) validateValue(schema.payloadkeys[0], value, `StatusItems.${name}`, strict, out);
    else if (isPlistDict(value)) validateStatusItems(value, name, schemas, out);
    else out.push(...unknownSchema(`StatusItems.${name}`, `status item ${name}`));
  }
}

/** validateStatusReport checks a status report: the envelope (statusreport.yaml), then every item against status/. */
export function validateStatusReport(report: Record<string, unknown>, schemas: DeclarativeSchemas = declarativeSchemas()): SchemaProblem[] {
  const out = validateProtocolDocument('StatusReport', report, schemas);
  if (isPlistDict(asDict(report).StatusItems)) validateStatusItems(asDict(report).StatusItems as PlistDict, '', schemas, out);
  return out;
}
