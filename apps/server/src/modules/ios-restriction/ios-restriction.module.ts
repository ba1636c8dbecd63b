import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';
import { applyRestrictionsAfterEnrolment } from './enrolment-restrictions.ts';
import { enterpriseTrustJob } from './enterprise-trust.job.ts';
import { iosRestrictionRoutes } from './ios-restriction.routes.ts';
import { createIosRestrictionService } from './ios-restriction.service.ts';

export interface IosRestrictionModuleDeps extends Pick<ModuleBase, 'db'> {
  mdm: MdmEngine;
  devices: IosDeviceService;
}

/**
 * createIosRestrictionModule wires the Apple restrictions (app and system rules, enterprise trust): `restrictions`
 * is what settings and release re-install with. Creating it subscribes the store's defaults to each new enrolment.
 */
export function createIosRestrictionModule(deps: IosRestrictionModuleDeps) {
  const { db, mdm } = deps;
  const restrictions = createIosRestrictionService({ db, mdm, devices: deps.devices });
  mdm.onEnrolled((deviceId) => applyRestrictionsAfterEnrolment(db, mdm, deviceId).then(() => undefined));
  return {
    name: 'ios-restriction',
    restrictions,
    jobs: [enterpriseTrustJob(db, mdm)],
    async register(app: FastifyInstance) {
      await app.register(iosRestrictionRoutes, { restrictions });
    },
  } satisfies AppModule & Record<string, unknown>;
}
export type IosRestrictionModule = ReturnType<typeof createIosRestrictionModule>;
