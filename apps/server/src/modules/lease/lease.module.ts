import type { FastifyInstance } from 'fastify';
import type { SmsSender } from '../../adapters/sms/sms-sender.ts';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { StoreTerms } from './lease-evaluation.ts';
import { type LeaseDevicePort, createLeaseSteps } from './lease-steps.ts';
import { createLeaseWatch, leaseWatchJob } from './lease-watch.ts';
import { type Tx, createLeaseRepo } from './lease.repo.ts';
import { leaseRoutes } from './lease.routes.ts';
import { createLeaseService } from './lease.service.ts';
import { createPaymentImport } from './payment-import.ts';
import { reminderSender } from './reminder-sms.ts';

export interface LeaseModuleDeps extends Pick<ModuleBase, 'db'> {
  devices: LeaseDevicePort;
  loadDevice(auth: AuthContext, platform: 'ios' | 'android', id: string): Promise<{ hirerName: string }>;
  smsSender?: SmsSender;
  /** The clock every rule reads; tests move it. */
  now?: () => Date;
}

/**
 * createLeaseModule: lease plans (docs/lease-plans.md). The watch job evaluates plans as their days come and
 * runs their steps; every change through the API evaluates its plan at once.
 */
export function createLeaseModule(deps: LeaseModuleDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const repo = createLeaseRepo(db);
  const storeTerms = async (storeId: string, tx?: Tx): Promise<StoreTerms | null> => {
    const t = await repo.policy(tx ?? db, storeId);
    return t ? { policy: t.policy, storeName: t.storeName, contactPhone: t.policy.contact_phone || t.storePhone, modules: t.modules } : null;
  };
  const steps = createLeaseSteps({ db, repo, devices: deps.devices, sendReminder: reminderSender(deps.smsSender), storeTerms, now });
  const wakeAndroid = (ids: string[]) => deps.devices.wakeAndroid(ids);
  const service = createLeaseService({ db, repo, steps, devices: deps.devices, loadDevice: deps.loadDevice, storeTerms, now });
  const watch = createLeaseWatch({ db, repo, steps, storeTerms, wakeAndroid, now });
  const importPayments = createPaymentImport({ db, repo, steps, storeTerms, wakeAndroid, now });
  return {
    name: 'lease',
    service,
    watch,
    steps,
    jobs: [leaseWatchJob(watch)],
    async register(app: FastifyInstance) {
      await app.register(leaseRoutes, { lease: service, importPayments });
    },
  } satisfies AppModule & Record<string, unknown>;
}
export type LeaseModule = ReturnType<typeof createLeaseModule>;
