import { describe, expect, it } from 'vitest';
import { declarativeManagementMessage, reevaluate } from '../../../../../../packages/device-sim/src/ios/ddm/ddm-client.ts';
import type { StoredDeclaration } from '../../../../../../packages/device-sim/src/ios/ddm/ddm-state.ts';
import { advanceSoftwareUpdate } from '../../../../../../packages/device-sim/src/ios/ddm/software-update.ts';
import { prepareStatusReport, supportedStatusItems } from '../../../../../../packages/device-sim/src/ios/ddm/status-items.ts';
import { createFakeDdmServer } from '../../../../../../packages/device-sim/src/ios/ddm/test/fake-ddm-server.ts';
import { type DeviceOptions, type DeviceState, appFromCatalog, createDeviceState } from '../../../../../../packages/device-sim/src/ios/device-state.ts';
import { declarativeSchemas } from './declarative-schemas.ts';
import { validateCheckinMessage } from './validate.ts';
import { validateDeclaration, validateProtocolDocument, validateStatusReport } from './validate-declarative.ts';

/**
 * The simulated iPhone's Declarative Device Management traffic checked against Apple's YAML: its check-in messages,
 * its status reports (envelope and every status item, in the states an enforced update goes through), and the
 * declarations and documents its test stand-in serves.
 */

const DECLARATIONS: Omit<StoredDeclaration, 'serverToken'>[] = [
  {
    kind: 'activation',
    type: 'com.apple.activation.simple',
    identifier: 'lease.activation',
    payload: { StandardConfigurations: ['lease.status-subscriptions', 'lease.os-update.enforcement', 'lease.os-update.settings'] },
  },
  {
    kind: 'configuration',
    type: 'com.apple.configuration.management.status-subscriptions',
    identifier: 'lease.status-subscriptions',
    payload: {
      StatusItems: [
        'device.operating-system.version',
        'device.operating-system.build-version',
        'device.operating-system.family',
        'device.operating-system.marketing-name',
        'device.model.family',
        'device.model.identifier',
        'device.model.marketing-name',
        'device.model.number',
        'device.identifier.serial-number',
        'device.identifier.udid',
        'device.power.battery-health',
        'passcode.is-present',
        'softwareupdate.install-state',
        'softwareupdate.pending-version',
        'softwareupdate.install-reason',
        'softwareupdate.failure-reason',
        'mdm.app',
      ].map((Name) => ({ Name })),
    },
  },
  {
    kind: 'configuration',
    type: 'com.apple.configuration.softwareupdate.enforcement.specific',
    identifier: 'lease.os-update.enforcement',
    payload: { TargetOSVersion: '26.1', TargetBuildVersion: '23B85', TargetLocalDateTime: '2025-12-01T03:00:00' },
  },
  {
    kind: 'configuration',
    type: 'com.apple.configuration.softwareupdate.settings',
    identifier: 'lease.os-update.settings',
    payload: { Deferrals: { CombinedPeriodInDays: 30 } },
  },
  { kind: 'management', type: 'com.apple.management.organization-info', identifier: 'lease.organization', payload: { Name: '深圳福田租机门店' } },
];

function phoneWithDeclarations(options: Partial<DeviceOptions>, target = '26.1'): DeviceState {
  const state = createDeviceState({ serialNumber: 'F2LSCHEMA0001', model: 'iPhone16,1', ...options });
  state.ddm.enabled = true;
  for (const d of DECLARATIONS) {
    const payload = d.identifier === 'lease.os-update.enforcement' ? { ...d.payload, TargetOSVersion: target } : d.payload;
    state.ddm.declarations.set(d.identifier, { ...d, payload, serverToken: `${d.identifier}-1` });
  }
  state.apps.set('com.tencent.xin', appFromCatalog('com.tencent.xin', true, true));
  return state;
}

const NOW = new Date('2025-11-20T02:00:00Z');

describe("the simulated iPhone's DDM messages against Apple's YAML", () => {
  it('sends DeclarativeManagement check-ins as the schema describes them, for every endpoint', () => {
    const state = phoneWithDeclarations({ osVersion: '18.6.2' });
    const data = Buffer.from(JSON.stringify({ StatusItems: {}, Errors: [] }));
    for (const [endpoint, body] of [
      ['tokens', undefined],
      ['declaration-items', undefined],
      ['declaration/configuration/lease.os-update.enforcement', undefined],
      ['status', data],
    ] as const) {
      expect(validateCheckinMessage('DeclarativeManagement', declarativeManagementMessage(state, endpoint, body)), endpoint).toEqual([]);
    }
  });

  it('reports schema-valid status through an enforced update, on iOS 16, 17, 18 and 26', () => {
    for (const osVersion of ['16.7.10', '17.6.1', '18.6.2']) {
      const state = phoneWithDeclarations({ osVersion, model: osVersion.startsWith('16') ? 'iPhone15,2' : 'iPhone16,1' });
      reevaluate(state, NOW);
      const first = prepareStatusReport(state, true);
      expect(first?.items).toEqual(expect.arrayContaining(['management.declarations', 'management.client-capabilities']));
      expect(validateStatusReport(first?.report ?? {}), `${osVersion} full`).toEqual([]);
      first?.commit();

      // The download finishes; the app goes; the deadline passes and the phone installs 26.1.
      advanceSoftwareUpdate(state, NOW);
      state.apps.delete('com.tencent.xin');
      const second = prepareStatusReport(state);
      expect(validateStatusReport(second?.report ?? {}), `${osVersion} incremental`).toEqual([]);
      second?.commit();
      advanceSoftwareUpdate(state, new Date('2025-12-02T00:00:00Z'));
      reevaluate(state, NOW);
      expect(validateStatusReport(prepareStatusReport(state)?.report ?? { StatusItems: {}, Errors: [] }), `${osVersion} installed`).toEqual([]);
    }
  });

  it('catches a report Apple would not accept (the check itself works)', () => {
    const bad = {
      StatusItems: { device: { power: { 'battery-health': 'great' } }, softwareupdate: { 'pending-version': { 'os-version': '26.1' } }, made: { up: 1 } },
    };
    expect(validateStatusReport(bad).map((p) => `${p.kind} ${p.path}`)).toEqual([
      'missing-key Errors',
      'not-allowed StatusItems.device.power.battery-health',
      'missing-key StatusItems.softwareupdate.pending-version.build-version',
      'unknown-schema StatusItems.made.up',
    ]);
  });

  it('reports a failed update and every item it supports on iOS 26 schema-valid', () => {
    const state = phoneWithDeclarations({ osVersion: '26.1' }, '26.9');
    reevaluate(state, NOW);
    const report = prepareStatusReport(state, true);
    expect(report?.report.StatusItems).toMatchObject({ softwareupdate: { 'install-state': 'failed' } });
    expect(validateStatusReport(report?.report ?? {})).toEqual([]);
    for (const name of supportedStatusItems('26.1')) expect(declarativeSchemas().status.has(name), name).toBe(true);
  });

  it("serves tests only Apple-valid declarations, tokens and manifests (the fake DDM server's documents)", async () => {
    for (const d of DECLARATIONS) {
      expect(validateDeclaration({ Type: d.type, Identifier: d.identifier, ServerToken: 'token-1', Payload: d.payload }), d.identifier).toEqual([]);
    }
    const fake = createFakeDdmServer(async () => new Response(null, { status: 200 }));
    fake.setDeclarations('UDID-1', DECLARATIONS);
    const tokens = JSON.parse(fake.commandData('UDID-1').toString('utf8'));
    expect(validateProtocolDocument('TokensResponse', tokens)).toEqual([]);
    const put = (endpoint: string) =>
      fake.fetch('http://mdm/checkin', {
        method: 'PUT',
        headers: { 'content-type': 'application/x-apple-aspen-mdm-checkin', 'Mdm-Signature': 'x' },
        body: new Uint8Array(
          Buffer.from(
            `<?xml version="1.0"?><plist version="1.0"><dict><key>MessageType</key><string>DeclarativeManagement</string><key>UDID</key><string>UDID-1</string><key>Endpoint</key><string>${endpoint}</string></dict></plist>`,
          ),
        ),
      });
    const manifest = await (await put('declaration-items')).json();
    expect(validateProtocolDocument('DeclarationItemsResponse', manifest)).toEqual([]);
    expect(validateDeclaration(await (await put('declaration/configuration/lease.os-update.enforcement')).json())).toEqual([]);
  });
});
