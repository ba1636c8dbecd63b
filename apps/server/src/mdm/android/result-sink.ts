import type { FastifyBaseLogger } from 'fastify';
import type { CommandResult } from '@lease/shared/agent-protocol';
import type { Db } from '../../db/client.ts';
import { deferWork } from '../../db/work-order.ts';
import { type IncomingResult, applyResults } from './result-effects.ts';

interface Submission {
  items: IncomingResult[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** A flush takes at most this many results: one transaction, a handful of set-wise statements. */
const MAX_BATCH = 1000;
/** Flushes in flight at once: while one commits, the next batch is already being written. */
const MAX_FLUSHING = 2;

/**
 * createResultSink gathers command results arriving from many sockets and records them together, one
 * transaction per flush, so a fan-out of thousands of answers costs a few statements instead of thousands.
 * A submission resolves once its results are committed (the agent is then told `ack`); if a batch fails
 * (a deadlock with a parallel flush, say), each submission is retried alone so one bad answer cannot hold
 * back the others.
 */
export function createResultSink(deps: { db: Db; log: FastifyBaseLogger }) {
  const queue: Submission[] = [];
  let flushing = 0;
  let scheduled = false;

  async function run(batch: Submission[]) {
    const items = batch.flatMap((s) => s.items);
    try {
      await deps.db.transaction((tx) => applyResults(tx, items));
      for (const s of batch) s.resolve();
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      deps.log.warn({ err }, 'android result batch failed; recording one by one');
      for (const s of batch) await run([s]);
    }
  }

  function pump() {
    scheduled = false;
    while (flushing < MAX_FLUSHING && queue.length) {
      const batch: Submission[] = [];
      let n = 0;
      while (queue.length && n < MAX_BATCH) {
        const s = queue.shift()!;
        batch.push(s);
        n += s.items.length;
      }
      flushing += 1;
      // Each batch is the phones' work of its own: pump runs in whichever caller's context scheduled it, and a batch
      // that inherited one already under way would go ahead of the clerks, and so would every batch pumped after it.
      void deferWork(() => run(batch)).finally(() => {
        flushing -= 1;
        pump();
      });
    }
  }

  return {
    submit(deviceId: string, results: CommandResult[]): Promise<void> {
      return new Promise((resolve, reject) => {
        queue.push({ items: results.map((result) => ({ deviceId, result })), resolve, reject });
        // Answers arriving in the same few milliseconds share one transaction.
        if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
    /** idle resolves once everything submitted so far is recorded (shutdown). */
    async idle() {
      while (flushing || queue.length) await new Promise((r) => setTimeout(r, 5));
    },
  };
}
export type ResultSink = ReturnType<typeof createResultSink>;
