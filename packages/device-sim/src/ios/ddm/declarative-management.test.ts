import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedIphone, SimulatedIphoneOptions } from '../simulated-iphone.ts';
import { type MiniServer, startMiniServer } from '../test/mini-server.ts';
import { enrolledPhone, rawCommand, runCommand } from '../test/phone-harness.ts';
import { type DeclarationSpec, type FakeDdmServer, createFakeDdmServer } from './test/fake-ddm-server.ts';

let server: MiniServer;
let ddm: FakeDdmServer;
beforeAll(async () => {
  server = await startMiniServer();
  ddm = createFakeDdmServer();
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.problems).toEqual([]);
  expect(ddm.problems).toEqual([]);
});

const activation = (identifier: string, ...configurations: string[]): DeclarationSpec => ({
  type: 'com.apple.activation.simple',
  identifier,
  payload: { StandardConfigurations: configurations },
});
const subscriptions = (...names: string[]): DeclarationSpec => ({
  type: 'com.apple.configuration.management.status-subscriptions',
  identifier: 'lease.status-subscriptions',
  payload: { StatusItems: names.map((Name) => ({ Name })) },
});
const organization: DeclarationSpec = {
  type: 'com.apple.management.organization-info',
  identifier: 'lease.organization',
  payload: { Name: '深圳福田租机门店', Email: 'store@example.cn' },
};
const enforcement = (version: string, local: string): DeclarationSpec => ({
  type: 'com.apple.configuration.softwareupdate.enforcement.specific',
  identifier: 'lease.os-update.enforcement',
  payload: { TargetOSVersion: version, TargetLocalDateTime: local },
});
const deferral = (days: number): DeclarationSpec => ({
  type: 'com.apple.configuration.softwareupdate.settings',
  identifier: 'lease.os-update.settings',
  payload: { Deferrals: { CombinedPeriodInDays: days } },
});
const SU_ITEMS = ['softwareupdate.install-state', 'softwareupdate.pending-version', 'softwareupdate.install-reason', 'softwareupdate.failure-reason'];
const OS_ITEMS = ['device.operating-system.version', 'device.operating-system.build-version', 'device.operating-system.marketing-name'];

/** shanghaiLocal writes an instant as TargetLocalDateTime for a phone in Asia/Shanghai (UTC+8, no DST). */
const shanghaiLocal = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19);

async function phoneWith(options: Partial<SimulatedIphoneOptions>, clock?: () => Date): Promise<SimulatedIphone> {
  return enrolledPhone(server, { fetch: ddm.fetch, clock, ...options });
}

/** sync gives the phone these declarations and sends it the DeclarativeManagement command (with tokens, or without). */
async function sync(phone: SimulatedIphone, declarations: DeclarationSpec[], withData = true) {
  ddm.setDeclarations(phone.udid, declarations);
  const command = rawCommand('DeclarativeManagement', withData ? { Data: ddm.commandData(phone.udid) } : {});
  const result = await runCommand(server, phone, command);
  expect(result.Status).toBe('Acknowledged');
}

const lastReport = (phone: SimulatedIphone) => ddm.reportsOf(phone.udid).at(-1) as { StatusItems: Record<string, Record<string, unknown>> };

describe('synchronisation', () => {
  it('fetches the manifest and each declaration on the command, activates, and reports the subscribed items', async () => {
    const phone = await phoneWith({ osVersion: '18.6.2', model: 'iPhone16,1' });
    await sync(phone, [
      activation('lease.activation', 'lease.status-subscriptions'),
      subscriptions(...OS_ITEMS, 'device.power.battery-health', 'passcode.is-present'),
      organization,
    ]);
    expect(ddm.endpointsOf(phone.udid)).toEqual([
      'declaration-items',
      'declaration/activation/lease.activation',
      'declaration/configuration/lease.status-subscriptions',
      'declaration/management/lease.organization',
      'status',
    ]);
    const { ddm: state } = phone.state;
    expect(state.declarations.map((d) => [d.identifier, d.active, d.valid])).toEqual([
      ['lease.activation', true, 'valid'],
      ['lease.status-subscriptions', true, 'valid'],
      ['lease.organization', true, 'valid'],
    ]);
    expect(state.organization).toEqual({ name: '深圳福田租机门店', email: 'store@example.cn', url: undefined });
    const { StatusItems } = lastReport(phone);
    expect(StatusItems.device).toEqual({
      'operating-system': { version: '18.6.2', 'build-version': '22G100', 'marketing-name': 'iOS 18' },
      power: { 'battery-health': 'normal' },
    });
    expect(StatusItems.passcode).toEqual({ 'is-present': true });
    expect(StatusItems.management.declarations).toMatchObject({
      activations: [{ identifier: 'lease.activation', active: true, valid: 'valid' }],
      configurations: [{ identifier: 'lease.status-subscriptions', active: true, valid: 'valid' }],
      management: [{ identifier: 'lease.organization', active: true, valid: 'valid' }],
      assets: [],
    });
    expect(StatusItems.management['client-capabilities']).toMatchObject({ 'supported-versions': ['1.0.0'] });
    await phone.stop();
  });

  it('reports only what changed, refetches only changed declarations and drops removed ones', async () => {
    const phone = await phoneWith({ osVersion: '17.6.1', model: 'iPhone16,1' });
    await sync(phone, [activation('lease.activation', 'lease.status-subscriptions'), subscriptions(...OS_ITEMS, 'device.power.battery-health'), organization]);
    const reports = () => ddm.reportsOf(phone.udid).length;
    expect(reports()).toBe(1);

    await phone.connect();
    expect(reports()).toBe(1);
    phone.setBatteryHealth('service-recommended');
    await phone.connect();
    expect(lastReport(phone)).toEqual({ StatusItems: { device: { power: { 'battery-health': 'service-recommended' } } }, Errors: [] });

    const before = ddm.endpointsOf(phone.udid).length;
    await sync(
      phone,
      [activation('lease.activation', 'lease.status-subscriptions'), subscriptions(...OS_ITEMS, 'device.power.battery-health', 'passcode.is-present')],
      false,
    );
    expect(ddm.endpointsOf(phone.udid).slice(before)).toEqual([
      'tokens',
      'declaration-items',
      'declaration/configuration/lease.status-subscriptions',
      'status',
    ]);
    expect(phone.state.ddm.declarations.map((d) => d.identifier)).toEqual(['lease.activation', 'lease.status-subscriptions']);
    const { StatusItems } = lastReport(phone);
    expect(Object.keys(StatusItems).sort()).toEqual(['management', 'passcode']);
    expect(StatusItems.management.declarations).toMatchObject({ management: [] });

    // Same tokens again: nothing to fetch, nothing to report.
    const settled = ddm.endpointsOf(phone.udid).length;
    await sync(
      phone,
      [activation('lease.activation', 'lease.status-subscriptions'), subscriptions(...OS_ITEMS, 'device.power.battery-health', 'passcode.is-present')],
      false,
    );
    expect(ddm.endpointsOf(phone.udid).slice(settled)).toEqual(['tokens']);
    await phone.stop();
  });

  it('keeps a configuration no activation lists inactive, and reports a type its iOS lacks as not supported', async () => {
    const phone = await phoneWith({ osVersion: '17.6.1', model: 'iPhone16,1' });
    await sync(phone, [activation('lease.activation', 'lease.os-update.settings', 'lease.missing'), deferral(30), subscriptions('passcode.is-present')]);
    const byId = Object.fromEntries(phone.state.ddm.declarations.map((d) => [d.identifier, d]));
    expect(byId['lease.os-update.settings']).toMatchObject({ active: false, valid: 'invalid', reasons: ['Error.ConfigurationNotSupported'] });
    expect(byId['lease.status-subscriptions']).toMatchObject({ active: false, valid: 'valid', reasons: ['Info.NotReferencedByActivation'] });
    expect(byId['lease.activation']).toMatchObject({ active: true, reasons: ['Error.MissingConfigurations'] });
    expect(phone.state.ddm.subscriptions).toEqual([]);
    await phone.stop();
  });

  it('is not available on the device channel before iOS 16', async () => {
    const phone = await phoneWith({ osVersion: '15.8' });
    const result = await runCommand(server, phone, rawCommand('DeclarativeManagement'));
    expect(result).toMatchObject({ Status: 'Error', ErrorChain: [expect.objectContaining({ ErrorCode: 12021 })] });
    expect(ddm.endpointsOf(phone.udid)).toEqual([]);
    await phone.stop();
  });

  it('forgets its declarations with its enrolment', async () => {
    const phone = await phoneWith({ osVersion: '26.1', model: 'iPhone16,1', supervised: false });
    await sync(phone, [organization]);
    expect(phone.state.ddm.declarations).toHaveLength(1);
    await phone.removeMdmProfile();
    expect(phone.state.ddm).toMatchObject({ enabled: false, declarations: [], declarationsToken: undefined });
    await phone.stop();
  });
});

describe('software update enforcement', () => {
  it('downloads, installs at the deadline, restarts on the new iOS and reports it', async () => {
    let now = new Date('2025-11-20T02:00:00Z');
    const phone = await phoneWith({ osVersion: '18.6.2', model: 'iPhone16,1' }, () => now);
    const deadline = new Date(now.getTime() + 24 * 3_600_000);
    await sync(phone, [
      activation('lease.activation', 'lease.status-subscriptions', 'lease.os-update.enforcement'),
      subscriptions(...OS_ITEMS, ...SU_ITEMS),
      enforcement('26.1', shanghaiLocal(deadline)),
    ]);
    expect(lastReport(phone).StatusItems.softwareupdate).toEqual({
      'install-state': 'downloading',
      'pending-version': { 'os-version': '26.1', 'build-version': '23B85' },
      'install-reason': { reason: ['declaration'], 'declaration-id': 'lease.os-update.enforcement' },
      'failure-reason': { count: 0 },
    });
    expect(phone.state.ddm.softwareUpdate.deadline).toEqual(deadline);

    await phone.tick();
    expect(lastReport(phone).StatusItems).toEqual({ softwareupdate: { 'install-state': 'prepared' } });
    await phone.tick();
    expect(phone.state.osVersion).toBe('18.6.2');

    const reboots = phone.state.rebootCount;
    now = new Date(deadline.getTime() + 1000);
    await phone.tick();
    expect(phone.state).toMatchObject({ osVersion: '26.1', buildVersion: '23B85', rebootCount: reboots + 1 });
    const { StatusItems } = lastReport(phone);
    expect(StatusItems.device).toEqual({ 'operating-system': { version: '26.1', 'build-version': '23B85', 'marketing-name': 'iOS 26' } });
    expect(StatusItems.softwareupdate).toEqual({
      'install-state': 'none',
      'pending-version': { 'os-version': '', 'build-version': '' },
      'install-reason': { reason: [] },
    });
    // The enforcement stays on the phone, satisfied: valid and active, nothing pending.
    expect(phone.state.ddm.declarations.find((d) => d.identifier === 'lease.os-update.enforcement')).toMatchObject({ active: true, valid: 'valid' });
    await phone.stop();
  });

  it('has nothing to do for a target it already runs, and fails an update that does not exist or its model cannot run', async () => {
    const phone = await phoneWith({ osVersion: '26.1', model: 'iPhone16,1' });
    const declarations = (version: string) => [
      activation('lease.activation', 'lease.status-subscriptions', 'lease.os-update.enforcement'),
      subscriptions(...SU_ITEMS),
      enforcement(version, '2030-01-01T00:00:00'),
    ];
    await sync(phone, declarations('26.0'));
    expect(lastReport(phone).StatusItems.softwareupdate).toMatchObject({ 'install-state': 'none', 'pending-version': { 'os-version': '' } });
    await sync(phone, declarations('26.9'));
    expect(lastReport(phone).StatusItems.softwareupdate).toMatchObject({
      'install-state': 'failed',
      'failure-reason': { count: 1, reason: 'iOS 26.9 is not available' },
    });
    await phone.stop();

    const old = await phoneWith({ osVersion: '18.6.2', model: 'iPhone16,1' });
    await sync(old, declarations('17.7'));
    expect(lastReport(old).StatusItems.softwareupdate).toMatchObject({ 'install-state': 'none' });
    expect(old.state.ddm.declarations.every((d) => d.valid === 'valid')).toBe(true);
    await old.stop();
  });
});

describe('deferral', () => {
  const now = new Date('2025-11-05T04:00:00Z');
  const settings = [activation('lease.activation', 'lease.os-update.settings'), deferral(30)];

  it('hides releases younger than the deferral on a supervised iOS 18 phone', async () => {
    const phone = await phoneWith({ osVersion: '18.6.2', model: 'iPhone16,1', supervised: true }, () => now);
    expect(phone.offeredUpdates()).toEqual(['26.0', '26.0.1', '26.1']);
    await sync(phone, settings);
    expect(phone.state.ddm).toMatchObject({ deferralDays: 30 });
    expect(phone.state.ddm.declarations.find((d) => d.identifier === 'lease.os-update.settings')).toMatchObject({ active: true, valid: 'valid' });
    expect(phone.offeredUpdates()).toEqual(['26.0', '26.0.1']);
    await phone.stop();
  });

  it('is not honoured on iOS 17, nor on an unsupervised phone', async () => {
    const ios17 = await phoneWith({ osVersion: '17.6.1', model: 'iPhone16,1', supervised: true }, () => now);
    await sync(ios17, settings);
    expect(ios17.state.ddm.deferralDays).toBeUndefined();
    expect(ios17.offeredUpdates()).toContain('26.1');
    await ios17.stop();

    const unsupervised = await phoneWith({ osVersion: '18.6.2', model: 'iPhone16,1', supervised: false }, () => now);
    await sync(unsupervised, settings);
    expect(unsupervised.state.ddm.deferralDays).toBeUndefined();
    expect(unsupervised.offeredUpdates()).toContain('26.1');
    await unsupervised.stop();
  });
});

describe('removed software update commands', () => {
  const commands = ['AvailableOSUpdates', 'OSUpdateStatus', 'ScheduleOSUpdateScan'];

  it('are refused on iOS 26 like any command the phone does not know, and recorded', async () => {
    const phone = await phoneWith({ osVersion: '26.1', model: 'iPhone16,1' });
    for (const type of [...commands, 'ScheduleOSUpdate']) {
      const result = await runCommand(
        server,
        phone,
        rawCommand(type, type === 'ScheduleOSUpdate' ? { Updates: [{ ProductVersion: '26.1', InstallAction: 'InstallASAP' }] } : {}),
      );
      expect(result).toMatchObject({ Status: 'Error', ErrorChain: [expect.objectContaining({ ErrorCode: 12021, ErrorDomain: 'MCMDMErrorDomain' })] });
    }
    expect(phone.state.legacyUpdateCommands.map((c) => [c.requestType, c.osVersion, c.status])).toEqual([
      ['AvailableOSUpdates', '26.1', 'Error'],
      ['OSUpdateStatus', '26.1', 'Error'],
      ['ScheduleOSUpdateScan', '26.1', 'Error'],
      ['ScheduleOSUpdate', '26.1', 'Error'],
    ]);
    await phone.stop();
  });

  it('still run on iOS 17 (recorded) and on iOS 16 (not recorded)', async () => {
    const ios17 = await phoneWith({ osVersion: '17.5.1', model: 'iPhone16,1' });
    expect((await runCommand(server, ios17, rawCommand('ScheduleOSUpdateScan'))).ScanInitiated).toBe(true);
    expect(ios17.state.legacyUpdateCommands).toMatchObject([{ requestType: 'ScheduleOSUpdateScan', status: 'Acknowledged' }]);
    await ios17.stop();
    const ios16 = await phoneWith({ osVersion: '16.7.10', model: 'iPhone15,2' });
    expect((await runCommand(server, ios16, rawCommand('AvailableOSUpdates'))).Status).toBe('Acknowledged');
    expect(ios16.state.legacyUpdateCommands).toEqual([]);
    await ios16.stop();
  });
});
