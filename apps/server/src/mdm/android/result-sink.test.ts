import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { type Lane, laneOf, runWork, startedWork } from '../../db/work-order.ts';
import { createResultSink } from './result-sink.ts';

describe('createResultSink', () => {
  it('records each batch as the phones’ work of its own, whoever’s context scheduled it', async () => {
    const lanes: Lane[] = [];
    // Only the transaction's lane matters here: it is where the batch asks the pool for a connection.
    const db = { transaction: async () => void lanes.push(laneOf()) } as unknown as Db;
    const sink = createResultSink({ db, log: { warn() {} } as unknown as FastifyBaseLogger });
    const result = { command_id: '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b', status: 'done' as const };
    // Scheduled from a request under way (a clerk's, say): its lane would put the batches ahead of everyone.
    await runWork(
      async () => {
        startedWork();
        await sink.submit('d1', [result]);
        await sink.submit('d2', [result]);
      },
      { deferred: false },
    );
    expect(lanes).toEqual(['deferred', 'deferred']);
  });
});
