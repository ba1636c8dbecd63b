import Fastify from 'fastify';
import { UNPROCESSED_HEADER } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { mdmRoutes } from './mdm.routes.ts';

/** The phones' routes step aside while the node's database queue is backed up (Database.backedUp, issue 31). */
describe('Apple MDM routes on a backed-up node', () => {
  it('ask the phone to come back (503, Retry-After, unprocessed) before reading it, and serve it once the queue drains', async () => {
    let backedUp = true;
    let served = 0;
    const app = Fastify();
    // Only the refusal is under test: the services stand in, counting what reaches them.
    const never = () => {
      served++;
      throw Object.assign(new Error('refused downstream'), { statusCode: 400 });
    };
    await app.register(mdmRoutes, {
      keys: { ca: { cert: {} } } as never,
      checkin: { handle: never } as never,
      connect: { handle: never } as never,
      challenges: {} as never,
      enrollments: {} as never,
      busy: () => backedUp,
    });
    for (const url of ['/mdm/checkin', '/mdm/connect']) {
      const res = await app.inject({ method: 'PUT', url, payload: 'x', headers: { 'content-type': 'application/x-apple-aspen-mdm' } });
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(2);
      expect(res.headers[UNPROCESSED_HEADER]).toBe('1');
    }
    expect(served).toBe(0);
    backedUp = false;
    // Past the refusal: the unsigned body is refused by the signature check as usual, not by the queue.
    const res = await app.inject({ method: 'PUT', url: '/mdm/connect', payload: 'x', headers: { 'content-type': 'application/x-apple-aspen-mdm' } });
    expect(res.statusCode).not.toBe(503);
    await app.close();
  });
});
