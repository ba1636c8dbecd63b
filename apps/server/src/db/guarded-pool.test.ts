import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentServer } from '../test/silent-server.ts';
import { createScratchDatabase } from '../test/test-db.ts';
import type { DatabaseWatch } from './availability.ts';
import { deferWork, runWork } from './work-order.ts';
import { GuardedPool } from './guarded-pool.ts';

/** The cut itself is in availability.test.ts (through a relay); this is the other half: slow is not gone. */
describe.skipIf(!process.env.DATABASE_URL)('GuardedPool', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'guard');
  });
  afterAll(() => scratch?.drop());

  const spyWatch = () => {
    const watch = { reachable: true, suspicions: 0, suspect: () => void watch.suspicions++, close: () => {} };
    return watch satisfies DatabaseWatch;
  };

  it('does not suspect a database that is slow but answering: callers wait far past the stall, statements keep finishing', async () => {
    const watch = spyWatch();
    const pool = new GuardedPool({ connectionString: scratch.url, max: 1, query_timeout: 10_000 }, watch, 1_000);
    try {
      // One connection, ten statements of 0.3 s: the last caller waits 3 s, three times the stall.
      const started = Date.now();
      await Promise.all(Array.from({ length: 10 }, () => pool.query('select pg_sleep(0.3)')));
      expect(Date.now() - started).toBeGreaterThan(2_500);
      expect(watch.suspicions).toBe(0);
    } finally {
      await pool.end();
    }
  });

  it('refuses at once while the watch says the database is gone, and answers a queued caller when told', async () => {
    const watch = spyWatch();
    const pool = new GuardedPool({ connectionString: scratch.url, max: 1, query_timeout: 10_000 }, watch, 5_000);
    try {
      const holder = await pool.connect();
      expect(pool.queueDelayMs()).toBe(0);
      const queued = pool.query('select 1');
      await new Promise((r) => setTimeout(r, 120));
      // The oldest queued caller's wait: what the phones' routes read to step aside.
      expect(pool.queueDelayMs()).toBeGreaterThanOrEqual(100);
      // A wall clock set forward an hour is not an hour of queue.
      vi.setSystemTime(Date.now() + 3_600_000);
      expect(pool.queueDelayMs()).toBeLessThan(1_000);
      vi.useRealTimers();
      // A statement that is finishing (the database is slow or full, not gone) is left to run.
      const running = holder.query('select pg_sleep(0.3) as slept');
      watch.reachable = false;
      pool.failWaiters();
      await expect(queued).rejects.toMatchObject({ code: '08006' });
      await expect(running).resolves.toMatchObject({ rowCount: 1 });
      await expect(pool.connect()).rejects.toMatchObject({ code: '08006' });
      holder.release();
      watch.reachable = true;
      // The connection the failed caller would have had went back to the pool unused.
      expect((await pool.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
      expect(pool.waitingCount).toBe(0);
      expect(pool.queueDelayMs()).toBe(0);
    } finally {
      await pool.end();
    }
  });

  it('answers a statement that makes no progress while the watch says the database is gone, one sent after it turned too', async () => {
    const watch = spyWatch();
    const pool = new GuardedPool({ connectionString: scratch.url, max: 1, query_timeout: 20_000 }, watch, 400);
    // As openDatabase does: a dropped checked-out connection's 'error' is heard, not thrown.
    pool.on('connect', (client) => client.on('error', () => {}));
    try {
      const holder = await pool.connect();
      await holder.query('select 1');
      watch.reachable = false;
      const started = Date.now();
      await expect(holder.query('select pg_sleep(10)')).rejects.toThrow(/Connection terminated/);
      expect(Date.now() - started).toBeLessThan(3_000);
      holder.release(true);
    } finally {
      await pool.end();
    }
  });

  it('serves the callers queued outside deferWork before the phones queued earlier inside it', async () => {
    const pool = new GuardedPool({ connectionString: scratch.url, max: 1, query_timeout: 10_000 }, spyWatch(), 5_000);
    try {
      const holder = await pool.connect();
      const order: string[] = [];
      const phone = deferWork(() => pool.query('select 1')).then(() => order.push('phone'));
      const phone2 = deferWork(() => pool.query('select 1')).then(() => order.push('phone'));
      const clerk = pool.query('select 1').then(() => order.push('clerk'));
      expect(pool.queued).toBe(3);
      holder.release();
      await Promise.all([phone, phone2, clerk]);
      expect(order).toEqual(['clerk', 'phone', 'phone']);
      expect(pool.queued).toBe(0);
    } finally {
      await pool.end();
    }
  });

  it('serves a phone before a clerk who asked more than deferredByMs after it: the phones are never shut out', async () => {
    const pool = new GuardedPool({ connectionString: scratch.url, max: 1, query_timeout: 10_000 }, spyWatch(), 5_000, 200);
    try {
      const holder = await pool.connect();
      const order: string[] = [];
      const phone = deferWork(() => pool.query('select 1')).then(() => order.push('phone'));
      await new Promise((r) => setTimeout(r, 100));
      const early = pool.query('select 1').then(() => order.push('clerk within 200 ms'));
      await new Promise((r) => setTimeout(r, 200));
      const late = pool.query('select 1').then(() => order.push('clerk past 200 ms'));
      // The phone's handicap is not a wait: only the clerk queued first counts.
      expect(pool.queueDelayMs()).toBeGreaterThanOrEqual(190);
      expect(pool.queueDelayMs()).toBeLessThan(290);
      holder.release();
      await Promise.all([phone, early, late]);
      expect(order).toEqual(['clerk within 200 ms', 'phone', 'clerk past 200 ms']);
    } finally {
      await pool.end();
    }
  });

  it('serves a request under way (a phone’s too) before any not yet begun: it may hold rows they wait on', async () => {
    const pool = new GuardedPool({ connectionString: scratch.url, max: 2, query_timeout: 10_000 }, spyWatch(), 5_000);
    try {
      const holder = await pool.connect();
      const order: string[] = [];
      let asked = () => {};
      const inTransaction = new Promise<void>((r) => (asked = r));
      let connected = () => {};
      const hasOwn = new Promise<void>((r) => (connected = r));
      let othersDone = () => {};
      const others = new Promise<void>((r) => (othersDone = r));
      const started = deferWork(async () => {
        const own = await pool.connect();
        connected();
        // A second statement outside its transaction, asked while a clerk and a new phone are queued.
        await inTransaction;
        await pool.query('select 1').then(() => order.push('started phone'));
        // Held to the end: the others then share one connection, one after the other, in the pool's order.
        await others;
        own.release();
      });
      await hasOwn;
      const clerk = runWork(() => pool.query('select 1'), { deferred: false }).then(() => order.push('clerk'));
      const fresh = deferWork(() => pool.query('select 1')).then(() => order.push('new phone'));
      asked();
      await vi.waitFor(() => expect(pool.queued).toBe(3));
      holder.release();
      await Promise.all([clerk, fresh]);
      othersDone();
      await started;
      expect(order).toEqual(['started phone', 'clerk', 'new phone']);
    } finally {
      await pool.end();
    }
  });

  it('times a queued caller out after connectionTimeoutMillis and keeps its place count right', async () => {
    const pool = new GuardedPool({ connectionString: scratch.url, max: 1, query_timeout: 10_000, connectionTimeoutMillis: 300 }, spyWatch(), 5_000);
    try {
      const holder = await pool.connect();
      const started = performance.now();
      await expect(pool.query('select 1')).rejects.toThrow('timeout exceeded when trying to connect');
      expect(performance.now() - started).toBeGreaterThanOrEqual(250);
      expect(pool.queued).toBe(0);
      holder.release();
      // The timed-out caller holds no place: the one connection serves callers one after another.
      for (let i = 0; i < 3; i++) expect((await pool.query<{ n: number }>('select $1::int as n', [i])).rows).toEqual([{ n: i }]);
      expect(pool.totalCount).toBe(1);
    } finally {
      await pool.end();
    }
  });
});

describe('GuardedPool’s deadline', () => {
  it('keeps one deadline from asking to connected: a caller let in after a wait does not get a new one to connect', async () => {
    // Every connection attempt waits out the deadline.
    const silent = await silentServer();
    const watch = { reachable: true, suspect: () => {}, close: () => {} } satisfies DatabaseWatch;
    const pool = new GuardedPool({ connectionString: silent.url, max: 1, connectionTimeoutMillis: 400 }, watch, 5_000);
    try {
      const started = performance.now();
      const failedAt = (p: Promise<unknown>) =>
        p.then(
          () => Number.NaN,
          () => performance.now() - started,
        );
      // The second waits in line until the first gives up (400 ms), then would open a connection of its own.
      const [first, second] = await Promise.all([failedAt(pool.query('select 1')), failedAt(pool.query('select 1'))]);
      expect(first).toBeGreaterThanOrEqual(350);
      expect(second).toBeLessThan(600);
    } finally {
      await pool.end();
      // After the pool has ended: a connection it was still opening is among those dropped.
      await silent.close();
    }
  });
});

describe('GuardedPool before its first answer', () => {
  it('does not suspect the database while a starting node waits for its first connection', async () => {
    // The pool's first connection just waits.
    const silent = await silentServer();
    let suspicions = 0;
    const watch = { reachable: true, suspect: () => void suspicions++, close: () => {} } satisfies DatabaseWatch;
    const pool = new GuardedPool({ connectionString: silent.url, max: 1, connectionTimeoutMillis: 1_500 }, watch, 200);
    try {
      await expect(pool.query('select 1')).rejects.toThrow();
      expect(suspicions).toBe(0);
    } finally {
      await pool.end();
      await silent.close();
    }
  });
});
