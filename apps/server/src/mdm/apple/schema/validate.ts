import { type PlistDict, isPlistDict } from '../plist.ts';
import { type AppleSchemas, appleSchemas } from './load-schemas.ts';
import type { SchemaKey, SchemaProblem } from './schema-types.ts';
import { type KeyCheck, validateDict } from './validate-keys.ts';

const strict: KeyCheck = { requireKeys: true };
const unknownSchema = (path: string, what: string): SchemaProblem[] => [{ path, kind: 'unknown-schema', message: `Apple's schema has no ${what}` }];

/** RESULT_ENVELOPE: keys of every command result, which Apple documents outside the per-command YAML. */
const RESULT_ENVELOPE: SchemaKey[] = [
  { key: 'UDID', type: '<string>' },
  { key: 'EnrollmentID', type: '<string>' },
  { key: 'EnrollmentUserID', type: '<string>' },
  { key: 'UserID', type: '<string>' },
  { key: 'UserShortName', type: '<string>' },
  { key: 'UserLongName', type: '<string>' },
  { key: 'NotOnConsole', type: '<boolean>' },
  { key: 'RequestType', type: '<string>' },
  { key: 'CommandUUID', type: '<string>' },
  { key: 'Status', type: '<string>', rangelist: ['Acknowledged', 'Error', 'CommandFormatError', 'NotNow', 'Idle'] },
  {
    key: 'ErrorChain',
    type: '<array>',
    subkeys: [
      {
        key: 'ErrorChainItem',
        type: '<dictionary>',
        subkeys: [
          { key: 'ErrorCode', type: '<integer>' },
          { key: 'ErrorDomain', type: '<string>' },
          { key: 'LocalizedDescription', type: '<string>' },
          { key: 'USEnglishDescription', type: '<string>' },
        ],
      },
    ],
  },
];

/** validateCommandPayload checks the `Command` dictionary of a command (its RequestType plus request keys). */
export function validateCommandPayload(requestType: string, payload: PlistDict, schemas: AppleSchemas = appleSchemas()): SchemaProblem[] {
  const schema = schemas.commands.get(requestType);
  if (!schema) return unknownSchema('Command.RequestType', `command ${requestType}`);
  const keys: SchemaKey[] = [{ key: 'RequestType', type: '<string>', presence: 'required', rangelist: [requestType] }, ...schema.payloadkeys];
  const out: SchemaProblem[] = [];
  validateDict(keys, payload, 'Command', strict, out);
  return out;
}

/** validateCommand checks a whole command plist: `{CommandUUID, Command: {RequestType, …}}` and nothing else. */
export function validateCommand(command: PlistDict, schemas: AppleSchemas = appleSchemas()): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  const { CommandUUID, Command, ...rest } = command;
  if (typeof CommandUUID !== 'string' || CommandUUID === '')
    out.push({ path: 'CommandUUID', kind: 'missing-key', message: 'CommandUUID must be a non-empty string' });
  for (const key of Object.keys(rest)) out.push({ path: key, kind: 'unknown-key', message: `key ${key} is not part of a command` });
  if (!isPlistDict(Command) || typeof Command.RequestType !== 'string') {
    return [...out, { path: 'Command.RequestType', kind: 'missing-key', message: 'Command.RequestType is missing' }];
  }
  return [...out, ...validateCommandPayload(Command.RequestType, Command, schemas)];
}

/** validateCheckinMessage checks a check-in body (Authenticate, TokenUpdate, CheckOut, …) as an iPhone sends it. */
export function validateCheckinMessage(messageType: string, body: PlistDict, schemas: AppleSchemas = appleSchemas()): SchemaProblem[] {
  const schema = schemas.checkin.get(messageType);
  if (!schema) return unknownSchema('MessageType', `check-in message ${messageType}`);
  const out: SchemaProblem[] = [];
  validateDict(schema.payloadkeys, body, '', strict, out);
  return out;
}

/**
 * validateCommandResponse checks a device's result for a command: the common envelope plus the command's
 * response keys, which are only required when the Status is Acknowledged.
 */
export function validateCommandResponse(requestType: string, response: PlistDict, schemas: AppleSchemas = appleSchemas()): SchemaProblem[] {
  const schema = schemas.commands.get(requestType);
  if (!schema) return unknownSchema('RequestType', `command ${requestType}`);
  const out: SchemaProblem[] = [];
  validateDict([...RESULT_ENVELOPE, ...schema.responsekeys], response, '', { requireKeys: response.Status === 'Acknowledged' }, out);
  for (const key of ['CommandUUID', 'Status']) {
    if (!(key in response)) out.push({ path: key, kind: 'missing-key', message: `required key ${key} is missing` });
  }
  return out;
}

/**
 * validateProfilePayload checks one PayloadContent item: the common payload keys plus its type's own keys. For a
 * type without a schema it still checks the common keys and reports the missing schema.
 */
export function validateProfilePayload(payload: PlistDict, path = '', schemas: AppleSchemas = appleSchemas()): SchemaProblem[] {
  const common = schemas.profiles.get('CommonPayloadKeys');
  if (!common) return unknownSchema(path, 'common payload keys');
  const type = payload.PayloadType;
  const specific = typeof type === 'string' ? schemas.profiles.get(type) : undefined;
  const own = new Set(specific?.payloadkeys.map((k) => k.key));
  const keys: SchemaKey[] = [...common.payloadkeys.filter((k) => !own.has(k.key)), ...(specific?.payloadkeys ?? [{ key: 'ANY', type: '<any>' }])];
  const out = specific ? [] : unknownSchema(path ? `${path}.PayloadType` : 'PayloadType', `profile payload ${String(type)}`);
  validateDict(keys, payload, path, strict, out);
  return out;
}

/** validateProfile checks a configuration profile's top level, then each payload in PayloadContent. */
export function validateProfile(profile: PlistDict, schemas: AppleSchemas = appleSchemas()): SchemaProblem[] {
  const top = schemas.profiles.get('TopLevel');
  if (!top) return unknownSchema('', 'profile top level');
  const out: SchemaProblem[] = [];
  validateDict(top.payloadkeys, profile, '', strict, out);
  const content = Array.isArray(profile.PayloadContent) ? profile.PayloadContent : [];
  content.forEach((item, i) => {
    if (isPlistDict(item)) out.push(...validateProfilePayload(item, `PayloadContent[${i}]`, schemas));
  });
  return out;
}
