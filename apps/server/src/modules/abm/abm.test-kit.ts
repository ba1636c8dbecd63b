import type { DepServerToken } from '@lease/shared';
import { type MockDep, serverTokenP7m } from '@lease/device-sim';
import type { AuthContext } from '../../http/authz.ts';
import type { AbmModule } from './abm.module.ts';

/**
 * Test helpers for ABM. The app must be built with `DEP_ORIGIN: dep.origin` (buildTestApp's env) so the store's
 * DEP client talks to the stand-in (`startMockDep()` from @lease/device-sim).
 */

const adminOf = (storeId: string): AuthContext => ({
  storeId,
  clerkId: '00000000-0000-0000-0000-000000000000',
  sessionId: 'abm-test-kit',
  isAdmin: true,
  perms: ['Admin'],
  modules: [],
});

/** abmTokenFile makes the .p7m ABM would hand out for the stand-in's MDM server `server`, encrypted to the store's certificate. */
export async function abmTokenFile(t: { abm: AbmModule }, storeId: string, dep: MockDep, server = 0): Promise<Buffer> {
  const { pem } = await t.abm.service.publicPem(adminOf(storeId));
  return serverTokenP7m(pem, dep.servers[server].token);
}

/**
 * seedAbmToken connects a store to the stand-in as an admin would: makes its key pair, encrypts the stand-in's
 * server token to it, uploads the .p7m (decrypted, checked with GET /account, sealed) and runs the first sync
 * (profile defined and assigned to the stand-in's devices). Afterwards `t.abm.gateway.clientFor(storeId)` is live. `t` is the test app (buildTestApp).
 */
export async function seedAbmToken(t: { abm: AbmModule }, storeId: string, dep: MockDep, server = 0): Promise<DepServerToken> {
  const file = await abmTokenFile(t, storeId, dep, server);
  await t.abm.service.uploadP7m(adminOf(storeId), { content_base64: file.toString('base64') });
  return dep.servers[server].token;
}
