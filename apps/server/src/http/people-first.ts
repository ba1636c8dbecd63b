import type { FastifyInstance } from 'fastify';
import { forPeople } from '../db/lanes.ts';
import { isPhoneTraffic } from './phone-traffic.ts';

/**
 * registerPeopleFirst runs every request but the phones' own in the people's lane, so a short pool serves it before
 * phones and jobs (db/lanes.ts). Registered before any other hook: authentication reads the database too.
 */
export function registerPeopleFirst(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => (isPhoneTraffic(request.url) ? done() : forPeople(done)));
}
