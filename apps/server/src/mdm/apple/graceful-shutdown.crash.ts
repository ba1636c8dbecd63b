import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LockFanOutStage, startLockFanOutStage } from '../../test/lock-fan-out-stage.ts';

/**
 * Graceful shutdown: SIGTERM the server while lock requests are in flight during a fan-out on
 * PostgreSQL. It must answer the requests it had accepted, exit 0, and after a restart every lock reaches its
 * phone once. The SIGKILL version is crash-recovery.crash.ts. Runs in the crash project (npm run test:crash).
 */
const PHONES = Number(process.env.SIGTERM_PHONES ?? 150);

let stage: LockFanOutStage;
beforeAll(async () => {
  stage = await startLockFanOutStage({
    name: 'sigterm',
    phones: PHONES,
    admin: { phone: '13611113333', password: 'Crash#2026' },
    portBase: 4900,
    serialPrefix: 'TERM',
  });
}, 600_000);
afterAll(() => stage?.close());

describe('SIGTERM during a lock fan-out', () => {
  it('answers the requests in flight, exits 0, and after a restart every lock is applied once', async () => {
    const ids = await stage.deviceIds();
    expect(ids).toHaveLength(PHONES);

    let exitCode: number | null = null;
    let inFlightAtTerm: { status: number; body: unknown }[] = [];
    const sendAll = async () => {
      const failed: string[] = [];
      for (let i = 0; i < ids.length; i += 25) {
        const batch = ids.slice(i, i + 25);
        const pending = batch.map(stage.lock);
        if (exitCode === null && i >= PHONES * 0.4) {
          // The signal arrives while this batch is on the wire: the requests the server has accepted must be answered.
          await new Promise((r) => setTimeout(r, 30));
          const stopped = stage.server.kill('SIGTERM');
          inFlightAtTerm = await Promise.all(pending);
          await stopped;
          exitCode = stage.server.child.exitCode;
          await stage.restart();
        }
        const results = await Promise.all(pending);
        results.forEach((r, j) => r.status !== 200 && failed.push(batch[j]));
      }
      return failed;
    };
    let missing = await sendAll();
    while (missing.length) missing = (await Promise.all(missing.map(stage.lock))).flatMap((r, j) => (r.status === 200 ? [] : [missing[j]]));
    expect(exitCode).toBe(0);
    // Answered, or refused before any work: connection refused (0) or our 503 to a request that reached the closing
    // server on a kept-alive connection (http/closing.ts). Both were sent again above; never another 5xx.
    const refusedWhileClosing = (r: { status: number; body: unknown }) => r.status === 503 && (r.body as { code?: string })?.code === 'SERVICE_UNAVAILABLE';
    expect(inFlightAtTerm.filter((r) => r.status !== 200 && r.status !== 0 && !refusedWhileClosing(r))).toEqual([]);
    expect(inFlightAtTerm.some((r) => r.status === 200)).toBe(true);

    await stage.expectEveryLockOnce();
    console.log(
      `sigterm test: ${PHONES} locks acknowledged; ${inFlightAtTerm.filter((r) => r.status === 200).length} of a batch in flight answered before exit 0, ${inFlightAtTerm.filter(refusedWhileClosing).length} refused with 503 and sent again`,
    );
  }, 600_000);
});
