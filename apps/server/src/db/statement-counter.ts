import fs from 'node:fs';
import pg from 'pg';
import type { Db } from './client.ts';

type AnyFn = (...args: unknown[]) => unknown;
/** The counters listening on a driver: the driver is wrapped once, each counter made later listens too. */
const LISTENERS = Symbol('statement-counter');
type Listeners = Set<{ n: number }>;

/**
 * StatementCounter counts the statements a Db sends to its engine, transaction control included (BEGIN and
 * COMMIT are round trips too). It sits on the driver under Drizzle, so hand-written and built queries both count.
 */
export interface StatementCounter {
  readonly count: number;
  reset(): void;
}

/** countStatements wraps the Db's driver (node-postgres pool or PGlite) with a counter; for tests and the bench. */
export function countStatements(db: Db): StatementCounter {
  const client = (db as unknown as { $client: Record<string | symbol, unknown> }).$client;
  const mine = { n: 0 };
  if (client[LISTENERS]) {
    (client[LISTENERS] as Listeners).add(mine);
    return counterOf(mine);
  }
  const listeners: Listeners = new Set([mine]);
  client[LISTENERS] = listeners;
  const add = (k: number) => {
    for (const l of listeners) l.n += k;
  };
  const patchQuery = (target: Record<string | symbol, unknown>) => {
    if (target[LISTENERS]) return;
    target[LISTENERS] = listeners;
    const query = (target.query as AnyFn).bind(target);
    target.query = (...args: unknown[]) => {
      add(1);
      return query(...args);
    };
  };
  if (client instanceof pg.Pool) {
    // pool.query() itself goes through this.connect() and client.query(), so counting on the client counts each
    // statement once whether it ran alone or inside a transaction.
    const pool = client as unknown as { connect: AnyFn };
    const connect = pool.connect.bind(pool) as AnyFn;
    pool.connect = (cb?: unknown) => {
      if (typeof cb === 'function') {
        return connect((err: unknown, c: Record<string | symbol, unknown> | undefined, release: unknown) => {
          if (c) patchQuery(c);
          (cb as AnyFn)(err, c, release);
        });
      }
      return (connect() as Promise<Record<string | symbol, unknown>>).then((c) => {
        patchQuery(c);
        return c;
      });
    };
  } else {
    // PGlite: query and exec at the top, and the transaction's own handle (BEGIN and COMMIT counted as two).
    delete client[LISTENERS];
    patchQuery(client);
    const exec = (client.exec as AnyFn).bind(client);
    client.exec = (...args: unknown[]) => {
      add(1);
      return exec(...args);
    };
    const transaction = (client.transaction as AnyFn).bind(client);
    client.transaction = (fn: AnyFn) =>
      transaction(async (tx: Record<string | symbol, unknown>) => {
        add(2);
        patchQuery(tx);
        return fn(tx);
      });
  }
  return counterOf(mine);
}

const counterOf = (mine: { n: number }): StatementCounter => ({
  get count() {
    return mine.n;
  },
  reset() {
    mine.n = 0;
  },
});

/**
 * reportStatementsOnSignal lets a benchmark read a server process's count: with LEASE_STATEMENT_COUNT_FILE set,
 * each SIGUSR2 writes the number of statements sent so far to that file. Nothing is installed otherwise.
 */
export function reportStatementsOnSignal(db: Db, file = process.env.LEASE_STATEMENT_COUNT_FILE) {
  if (!file) return;
  const counter = countStatements(db);
  // Written aside and renamed, so a reader never finds the file created but still empty.
  process.on('SIGUSR2', () => {
    fs.writeFileSync(`${file}.tmp`, String(counter.count));
    fs.renameSync(`${file}.tmp`, file);
  });
}
