import { eq, sql } from 'drizzle-orm';
import type { AndroidCommandType } from '@lease/shared/agent-protocol';
import { LockStatus, OperationStatus } from '@lease/shared';
import { SimulatedAndroidAgent, type SimulatedAgentOptions } from '@lease/device-sim';
import { androidDevice } from '../../../domain/android-device.table.ts';
import { operationLog } from '../../../domain/operation-log.table.ts';
import { composeApp } from '../../../app.ts';
import { buildTestApp, testMdmKeys } from '../../../test/build-test-app.ts';
import type { AndroidEngine } from '../android-engine.ts';

/**
 * startAndroidHarness runs the real app on a real port (WebSockets need one), with a store admin signed in,
 * and makes simulated agents that enrol through a console-issued token like a phone scanning the QR code.
 */
export async function startAndroidHarness(env: Record<string, string> = {}) {
  const t = await buildTestApp(env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as { port: number }).port;
  const origin = `http://127.0.0.1:${port}`;
  const admin = await t.signedIn({ isAdmin: true });
  const agents: SimulatedAndroidAgent[] = [];

  async function issueToken(headers = admin.headers, body: Record<string, unknown> = {}) {
    const res = await h.app.inject({ method: 'POST', url: '/api/device/android/enroll-token', headers, payload: body });
    if (res.statusCode !== 200) throw new Error(`enroll-token: ${res.statusCode} ${res.body}`);
    return res.json() as { token: string; expires_at: string; qr_payload: string; download_url: string };
  }

  const h = {
    ...t,
    origin,

    /** restart closes the server (agents are told to come back later) and starts a new one on the same database and port. */
    async restart() {
      await h.app.close();
      const next = await composeApp({ config: t.config, database: t.database, secrets: t.secrets, mdmKeys: testMdmKeys });
      h.app = next.app;
      h.android = next.parts.android;
      await h.app.listen({ port, host: '127.0.0.1' });
    },
    admin,
    issueToken,

    /** newAgent makes a simulated agent for this server (not enrolled, not started). */
    newAgent(opts: Partial<SimulatedAgentOptions> = {}) {
      const agent = new SimulatedAndroidAgent({
        serverUrl: origin,
        pollMs: 60_000,
        tickMs: 3_600_000,
        checkinMs: 3_600_000,
        backoff: { baseMs: 50, capMs: 500 },
        ...opts,
      });
      agents.push(agent);
      return agent;
    },

    /** enrolledAgent enrols a new agent with a fresh token and starts it (WebSocket up). */
    async enrolledAgent(opts: Partial<SimulatedAgentOptions> = {}, start = true) {
      const agent = this.newAgent(opts);
      await agent.enroll((await issueToken()).token);
      if (start) {
        agent.start();
        await waitUntil(() => agent.connected);
      }
      return agent;
    },

    /**
     * operate does what the console does for an operation: the operation-log row, the desired state and the
     * queued command in one transaction, then the wake-up after commit. Returns the operation-log id.
     */
    async operate(
      android: AndroidEngine,
      deviceId: string,
      type: AndroidCommandType,
      payload: Record<string, unknown> = {},
      state: Partial<typeof androidDevice.$inferInsert> = {},
    ) {
      const id = await t.db.transaction(async (tx) => {
        const [op] = await tx
          .insert(operationLog)
          .values({ storeId: admin.clerk.storeId, clerkId: admin.clerk.id, platform: 'android', deviceId, action: type, status: OperationStatus.QUEUED })
          .returning({ id: operationLog.id });
        // As the console does: a lock writes its text into the desired state the policy serves.
        const desired =
          type === 'lock'
            ? { lockStatus: LockStatus.LOCKING, lockMessage: String(payload.message ?? ''), lockPhoneNumber: String(payload.phone_number ?? ''), ...state }
            : state;
        await tx
          .update(androidDevice)
          .set({ ...desired, policyVersion: sql`${androidDevice.policyVersion} + 1` })
          .where(eq(androidDevice.id, deviceId));
        await android.commander.enqueueIn(tx, [{ deviceId, type, payload, operationLogId: op.id }]);
        return op.id;
      });
      android.commander.wake([deviceId]);
      return id;
    },

    async operation(id: string) {
      const [row] = await t.db.select().from(operationLog).where(eq(operationLog.id, id));
      return row;
    },

    async device(id: string) {
      const [row] = await t.db.select().from(androidDevice).where(eq(androidDevice.id, id));
      return row;
    },

    async close() {
      await Promise.all(agents.map((a) => a.stop()));
      if (h.app !== t.app) await h.app.close();
      await t.close();
    },
  };
  return h;
}
export type AndroidHarness = Awaited<ReturnType<typeof startAndroidHarness>>;

/** waitUntil polls a condition (agents and server run concurrently in one process). */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('waitUntil timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
