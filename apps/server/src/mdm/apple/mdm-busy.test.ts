import Fastify from 'fastify';
import { UNPROCESSED_HEADER } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { mdmRoutes } from './mdm.routes.ts';

/** The phones' routes step aside while the node's database queue is backed up (Database.backedUp, issue 31). */
describe('Apple MDM routes on a backed-up node', () => {
  it('ask the phone to come back on its command channel (503, Retry-After, unprocessed), never at check-in, and serve it once the queue drains', async () => {
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
    const put = (url: string) => app.inject({ method: 'PUT', url, payload: 'x', headers: { 'content-type': 'application/x-apple-aspen-mdm' } });
    const res = await put('/mdm/connect');
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(2);
    expect(res.headers[UNPROCESSED_HEADER]).toBe('1');
    // Check-ins are never refused for load: a refused Authenticate or TokenUpdate fails the phone's enrolment.
    expect((await put('/mdm/checkin')).statusCode).not.toBe(503);
    expect(served).toBe(0);
    backedUp = false;
    // Past the refusal: the unsigned body is refused by the signature check as usual, not by the queue.
    expect((await put('/mdm/connect')).statusCode).not.toBe(503);
    await app.close();
  });
});
