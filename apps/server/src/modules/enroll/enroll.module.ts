import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import { createEnrollCodec } from './enroll-code.ts';
import { createEnrollShortLinks } from './enroll-short-link.ts';
import { enrollRoutes } from './enroll.routes.ts';
import { createEnrollService } from './enroll.service.ts';

export interface EnrollModuleDeps extends Pick<ModuleBase, 'db' | 'config' | 'secrets'> {
  mdm: MdmEngine;
  oplog: OperationLogRepo;
}

/**
 * createEnrollModule wires the hirer's public enrolment page: `codec` seals the links the device pages hand out,
 * `enroll` serves the page and the profile (the demo phones enrol through it too), `shortLinks` the SMS-sized `/e/{code}`.
 */
export function createEnrollModule(deps: EnrollModuleDeps) {
  const codec = createEnrollCodec(deps.secrets.enroll);
  const linkTtlMs = deps.config.enrollLinkTtlDays * 86_400_000;
  const enroll = createEnrollService({ db: deps.db, codec, mdm: deps.mdm, oplog: deps.oplog, linkTtlMs });
  const shortLinks = createEnrollShortLinks({ db: deps.db, codec, linkTtlMs });
  return {
    name: 'enroll',
    codec,
    enroll,
    shortLinks,
    async register(app: FastifyInstance) {
      await app.register(enrollRoutes, { enroll, shortLinks });
    },
  } satisfies AppModule & Record<string, unknown>;
}
export type EnrollModule = ReturnType<typeof createEnrollModule>;
