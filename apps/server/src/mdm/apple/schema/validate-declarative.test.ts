import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { declarativeManagement } from '../commands.ts';
import { STATUS_SUBSCRIPTIONS, phoneDeclarations } from '../ddm/ddm-builtins.ts';
import { manifest, syncTokens } from '../ddm/ddm-checkin.ts';
import { declarationsToken, serverToken } from '../ddm/ddm-tokens.ts';
import type { PhoneSet } from '../ddm/ddm.repo.ts';
import { declarativeSchemas } from './declarative-schemas.ts';
import { validateCheckinMessage, validateCommand } from './validate.ts';
import { validateDeclaration, validateProtocolDocument, validateStatusReport } from './validate-declarative.ts';

const kinds = (problems: { path: string; kind: string }[]) => problems.map((p) => `${p.kind} ${p.path}`);
const fixture = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../ddm/fixtures/status-report-full.json'), 'utf8'));

const row = (type: string, identifier: string, payload: Record<string, unknown>) => ({ type, identifier, payload, serverToken: serverToken(type, payload) });

/** A phone's set as the engine builds it: the built-ins, a store default (deferral) and the phone's own (an update). */
const declarations = phoneDeclarations(
  '测试门店',
  [row('com.apple.configuration.softwareupdate.settings', 'lease.os-update.deferral', { Deferrals: { CombinedPeriodInDays: 30 } })],
  [
    row('com.apple.configuration.softwareupdate.enforcement.specific', 'lease.os-update.enforcement', {
      TargetOSVersion: '18.2',
      TargetBuildVersion: '22C152',
      TargetLocalDateTime: '2026-12-10T20:00:00',
    }),
  ],
);
const set: PhoneSet = {
  deviceId: 'd',
  storeId: 's',
  osVersion: '18.1',
  manageable: true,
  syncedToken: null,
  announcedToken: null,
  refusedToken: null,
  declarations,
  token: declarationsToken(declarations),
  timestamp: new Date('2026-12-02T04:00:00.123Z'),
};

describe('Apple declarative schemas', () => {
  it('load every declaration type, status item and protocol document', () => {
    const schemas = declarativeSchemas();
    expect(schemas.declarations.has('com.apple.activation.simple')).toBe(true);
    expect(schemas.declarations.has('com.apple.management.organization-info')).toBe(true);
    expect(schemas.status.has('device.power.battery-health')).toBe(true);
    expect([...schemas.protocol.keys()].sort()).toEqual(['DeclarationItemsResponse', 'StatusReport', 'TokensResponse']);
  });

  it('know every status item we subscribe to, each reported by an iPhone', () => {
    for (const name of STATUS_SUBSCRIPTIONS) {
      const schema = declarativeSchemas().status.get(name);
      expect(schema, name).toBeDefined();
      expect(JSON.stringify(schema?.payload), name).not.toContain('"introduced":"n/a"');
    }
  });
});

describe('what the server sends', () => {
  it('every declaration of a phone’s set matches DeclarationBase and its type', () => {
    expect(declarations.map((d) => d.Type).sort()).toEqual([
      'com.apple.activation.simple',
      'com.apple.configuration.management.status-subscriptions',
      'com.apple.configuration.softwareupdate.enforcement.specific',
      'com.apple.configuration.softwareupdate.settings',
      'com.apple.management.organization-info',
    ]);
    for (const { kind: _kind, ...declaration } of declarations) expect(validateDeclaration(declaration), declaration.Identifier).toEqual([]);
  });

  it('the activation lists every configuration, so each is installed', () => {
    const activation = declarations.find((d) => d.Type === 'com.apple.activation.simple');
    expect(activation?.Payload.StandardConfigurations).toEqual(declarations.filter((d) => d.kind === 'configuration').map((d) => d.Identifier));
  });

  it('the tokens and declaration-items documents match the protocol schemas', () => {
    expect(validateProtocolDocument('TokensResponse', { SyncTokens: syncTokens(set) })).toEqual([]);
    expect(syncTokens(set).Timestamp).toBe('2026-12-02T04:00:00Z');
    expect(validateProtocolDocument('DeclarationItemsResponse', manifest(set))).toEqual([]);
  });

  it('the DeclarativeManagement command matches the command schema and carries a TokensResponse', () => {
    const command = declarativeManagement(syncTokens(set));
    expect(validateCommand(command)).toEqual([]);
    const data = JSON.parse((command.Command.Data as Buffer).toString('utf8'));
    expect(validateProtocolDocument('TokensResponse', data)).toEqual([]);
    expect(data.SyncTokens.DeclarationsToken).toBe(set.token);
  });

  it('reports what is wrong with a declaration', () => {
    const bad = { Type: 'com.apple.configuration.softwareupdate.enforcement.specific', Identifier: 'x', ServerToken: 't', Payload: { TargetOSVersion: 18 } };
    expect(kinds(validateDeclaration(bad)).sort()).toEqual(['missing-key Payload.TargetLocalDateTime', 'wrong-type Payload.TargetOSVersion']);
    expect(kinds(validateDeclaration({ ...bad, Type: 'com.example.nope' }))).toEqual(['unknown-schema Type']);
    expect(kinds(validateProtocolDocument('TokensResponse', { SyncTokens: { DeclarationsToken: 't', Timestamp: 'yesterday' } }))).toEqual([
      'bad-format SyncTokens.Timestamp',
    ]);
  });
});

describe('what the server accepts', () => {
  it('the DeclarativeManagement check-in message of an iPhone', () => {
    const message = { MessageType: 'DeclarativeManagement', UDID: 'U1', Endpoint: 'status', Data: Buffer.from(JSON.stringify(fixture)) };
    expect(validateCheckinMessage('DeclarativeManagement', message)).toEqual([]);
  });

  it('a full status report as iOS 18 sends it', () => {
    expect(validateStatusReport(fixture)).toEqual([]);
  });

  it('an incremental report with a removed app', () => {
    const report = { StatusItems: { mdm: { app: [{ identifier: 'com.tencent.xin', _removed: true }] }, passcode: { 'is-present': false } }, Errors: [] };
    expect(validateStatusReport(report)).toEqual([]);
  });

  it('names the item whose value is wrong', () => {
    const report = { StatusItems: { device: { power: { 'battery-health': 'tired' } }, nope: { item: 1 } }, Errors: [] };
    expect(kinds(validateStatusReport(report)).sort()).toEqual(['not-allowed StatusItems.device.power.battery-health', 'unknown-schema StatusItems.nope.item']);
  });
});
