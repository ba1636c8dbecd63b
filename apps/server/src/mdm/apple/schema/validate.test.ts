import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appleSchemas, loadAppleSchemas } from './load-schemas.ts';
import { APPLE_SCHEMA_RELEASE, findRepoRoot, resolveSchemaDir, schemaDirOf } from './schema-dir.ts';
import { validateCheckinMessage, validateCommand, validateCommandPayload, validateCommandResponse, validateProfilePayload } from './validate.ts';

const kinds = (problems: { path: string; kind: string }[]) => problems.map((p) => `${p.kind} ${p.path}`);

describe('schema folder', () => {
  it('is found where APPLE_SCHEMA_DIR points, else beside the repository, and loads every command and check-in message', () => {
    const dir = resolveSchemaDir();
    expect(dir).toBe(schemaDirOf(process.env));
    expect(schemaDirOf({})).toBe(path.resolve(findRepoRoot(), '../shared/apple-device-management'));
    const schemas = appleSchemas();
    expect(schemas.commands.size).toBeGreaterThan(60);
    expect([...schemas.checkin.keys()]).toEqual(expect.arrayContaining(['Authenticate', 'TokenUpdate', 'CheckOut']));
    expect(schemas.profiles.has('com.apple.mdm')).toBe(true);
  });

  it('honours APPLE_SCHEMA_DIR and refuses a folder without schemas, naming the pinned release and the variable', () => {
    const dir = resolveSchemaDir();
    expect(resolveSchemaDir({ APPLE_SCHEMA_DIR: dir })).toBe(dir);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'no-schemas-'));
    try {
      expect(() => resolveSchemaDir({ APPLE_SCHEMA_DIR: empty })).toThrow(/not found/);
      expect(() => resolveSchemaDir({ APPLE_SCHEMA_DIR: empty })).toThrow(APPLE_SCHEMA_RELEASE.commit);
      expect(() => resolveSchemaDir({ APPLE_SCHEMA_DIR: empty })).toThrow('APPLE_SCHEMA_DIR=');
      expect(() => loadAppleSchemas(empty)).toThrow(/no Apple MDM schemas/);
    } finally {
      fs.rmSync(empty, { recursive: true });
    }
  });
});

describe('validateCheckinMessage', () => {
  const authenticate = {
    MessageType: 'Authenticate',
    Topic: 'com.apple.mgmt.x',
    UDID: 'U1',
    SerialNumber: 'F2LX',
    ProductName: 'iPhone14,2',
    OSVersion: '17.5',
    BuildVersion: '21F79',
  };

  it('accepts an iPhone Authenticate, where macOS-only required keys are not required', () => {
    expect(validateCheckinMessage('Authenticate', authenticate)).toEqual([]);
  });

  it('reports missing, unknown, mistyped and not-allowed keys', () => {
    const { Topic: _topic, ...noTopic } = authenticate;
    const problems = validateCheckinMessage('Authenticate', { ...noTopic, MessageType: 'Hello', UDID: 5, Extra: 'x' });
    expect(kinds(problems).sort()).toEqual(['missing-key Topic', 'not-allowed MessageType', 'unknown-key Extra', 'wrong-type UDID']);
  });

  it('requires Token and PushMagic as data and string in TokenUpdate', () => {
    const base = { MessageType: 'TokenUpdate', Topic: 't', UDID: 'u', PushMagic: 'm' };
    expect(validateCheckinMessage('TokenUpdate', { ...base, Token: Buffer.from([1]) })).toEqual([]);
    expect(kinds(validateCheckinMessage('TokenUpdate', { ...base, Token: 'abc' }))).toEqual(['wrong-type Token']);
    expect(kinds(validateCheckinMessage('Nope', base))).toEqual(['unknown-schema MessageType']);
  });
});

describe('validateCommandPayload', () => {
  it('checks array items against the allowed values (DeviceInformation Queries)', () => {
    expect(validateCommandPayload('DeviceInformation', { RequestType: 'DeviceInformation', Queries: ['UDID', 'IMEI'] })).toEqual([]);
    expect(kinds(validateCommandPayload('DeviceInformation', { RequestType: 'DeviceInformation', Queries: ['UDID', 'Colour'] }))).toEqual([
      'not-allowed Command.Queries[1]',
    ]);
  });

  it('picks the Settings item schema by its Item value and checks rangelists inside it', () => {
    const wallpaper = (where: number) => ({ RequestType: 'Settings', Settings: [{ Item: 'Wallpaper', Image: Buffer.from('png'), Where: where }] });
    expect(validateCommandPayload('Settings', wallpaper(3))).toEqual([]);
    expect(kinds(validateCommandPayload('Settings', wallpaper(4)))).toEqual(['not-allowed Command.Settings[0].Where']);
    expect(kinds(validateCommandPayload('Settings', { RequestType: 'Settings', Settings: [{ Item: 'Teleport' }] }))).toEqual([
      'not-allowed Command.Settings[0]',
    ]);
  });

  it('validates the whole command envelope', () => {
    expect(validateCommand({ CommandUUID: 'c1', Command: { RequestType: 'RemoveProfile', Identifier: 'x' } })).toEqual([]);
    expect(kinds(validateCommand({ Command: { RequestType: 'RemoveProfile' }, Extra: 1 }))).toEqual([
      'missing-key CommandUUID',
      'unknown-key Extra',
      'missing-key Command.Identifier',
    ]);
  });
});

describe('validateCommandResponse', () => {
  const envelope = { UDID: 'u', CommandUUID: 'c', RequestType: 'DeviceLocation' };

  it('requires the response keys only when the command was acknowledged', () => {
    expect(kinds(validateCommandResponse('DeviceLocation', { ...envelope, Status: 'Acknowledged' }))).toContain('missing-key Latitude');
    const error = { ...envelope, Status: 'Error', ErrorChain: [{ ErrorCode: 12021, ErrorDomain: 'MCMDMErrorDomain', LocalizedDescription: 'x' }] };
    expect(validateCommandResponse('DeviceLocation', error)).toEqual([]);
    expect(kinds(validateCommandResponse('DeviceLocation', { ...envelope, Status: 'Maybe' }))).toEqual(['not-allowed Status']);
  });

  it('checks nested response dictionaries (QueryResponses)', () => {
    const ok = { ...envelope, RequestType: 'DeviceInformation', Status: 'Acknowledged', QueryResponses: { BatteryLevel: 0.8, IsSupervised: true } };
    expect(validateCommandResponse('DeviceInformation', ok)).toEqual([]);
    const bad = { ...ok, QueryResponses: { BatteryLevel: 'full' } };
    expect(kinds(validateCommandResponse('DeviceInformation', bad))).toEqual(['wrong-type QueryResponses.BatteryLevel']);
  });
});

describe('validateProfilePayload', () => {
  it('merges the common payload keys with the payload type keys and checks formats', () => {
    const mdm = {
      PayloadType: 'com.apple.mdm',
      PayloadVersion: 1,
      PayloadIdentifier: 'com.example.mdm',
      PayloadUUID: '6E4A8A38-7B22-4C1B-9B59-0A9C1D1E2F30',
      IdentityCertificateUUID: '6E4A8A38-7B22-4C1B-9B59-0A9C1D1E2F31',
      Topic: 'com.apple.mgmt.x',
      ServerURL: 'http://insecure.example.com/mdm',
    };
    expect(kinds(validateProfilePayload(mdm))).toEqual(['bad-format ServerURL']);
    expect(kinds(validateProfilePayload({ ...mdm, PayloadType: 'com.example.none', PayloadVersion: 2 }))).toEqual([
      'unknown-schema PayloadType',
      'not-allowed PayloadVersion',
    ]);
  });
});
