import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installApplication, installedApplicationList, installProfile } from '../../../../../apps/server/src/mdm/apple/commands.ts';
import { buildManagedProfile } from '../../../../../apps/server/src/mdm/apple/profiles/managed-profile.ts';
import { type MiniServer, startMiniServer } from '../test/mini-server.ts';
import { enrolledPhone, runCommand } from '../test/phone-harness.ts';

let server: MiniServer;
beforeAll(async () => {
  server = await startMiniServer();
});
afterAll(() => server.close());

describe('InstallApplication under restrictions', () => {
  it('installs as managed even with the App Store switched off for the user', async () => {
    const phone = await enrolledPhone(server);
    const restrictions = buildManagedProfile({
      kind: 'restrictions',
      displayName: '限制',
      payloads: [{ type: 'com.apple.applicationaccess', body: { allowAppInstallation: false, allowUIAppInstallation: false } }],
    });
    expect((await runCommand(server, phone, installProfile(restrictions))).Status).toBe('Acknowledged');
    expect(Object.values(phone.state.profiles).flatMap((p) => p.restrictions)).toEqual(
      expect.arrayContaining(['allowAppInstallation', 'allowUIAppInstallation']),
    );

    expect(await runCommand(server, phone, installApplication({ identifier: 'com.laiwang.DingTalk' }))).toMatchObject({
      Status: 'Acknowledged',
      State: 'Installing',
    });
    const { InstalledApplicationList: managed } = await runCommand(server, phone, installedApplicationList({ managedAppsOnly: true }));
    expect(managed).toEqual([expect.objectContaining({ Identifier: 'com.laiwang.DingTalk', Name: '钉钉' })]);
    expect(phone.state.apps.find((a) => a.identifier === 'com.laiwang.DingTalk')).toMatchObject({ managed: true });
    expect(server.problems).toEqual([]);
  });
});
