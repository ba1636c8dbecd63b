import type { FastifyBaseLogger } from 'fastify';
import type { ApnsPusher } from '../../adapters/apns/apns-pusher.ts';
import type { Db } from '../../db/client.ts';
import { createChallengeRepo } from './challenge.repo.ts';
import { createCheckinService } from './checkin.service.ts';
import { type Commander, createCommander } from './commander.ts';
import { createConnectService } from './connect.service.ts';
import { createEnrollmentProfileService } from './enrolment-profile.service.ts';
import { createEnrollmentRepo } from './enrolment.repo.ts';
import { DEFAULT_RENEWAL_WINDOW_DAYS, createIdentityRenewal } from './identity-renewal.ts';
import type { MdmKeys } from './mdm-keys.ts';
import { createPushService } from './push.service.ts';
import { createQueueRepo } from './queue.repo.ts';
import type { EffectTable, Tx } from './effects/result-effect.ts';
import { createResultEffects } from './result-effects.ts';
import { createDdmEngine } from './ddm/ddm-engine.ts';
import { mergeEffects } from './effects/index.ts';

export interface MdmEngineDeps {
  db: Db;
  keys: MdmKeys;
  pusher: () => ApnsPusher;
  publicUrl: () => string;
  log: FastifyBaseLogger;
  /**
   * The feature modules' answer effects (the feature modules' ios-effects.ts), handed in by the composition root: the engine
   * adds its core ones and never imports the modules that build on it.
   */
  effects: EffectTable;
  /** Identities ending within this many days get a renewal profile (IDENTITY_RENEWAL_DAYS). */
  renewalWindowDays?: number;
}

/** createMdmEngine wires the Apple MDM parts together; app.ts registers its routes and hands the commander to services. */
export function createMdmEngine(deps: MdmEngineDeps) {
  const { db } = deps;
  const push = createPushService({ db, pusher: deps.pusher, log: deps.log });
  const ddm = createDdmEngine({ db, wake: (ids) => push.wakeInBackground(ids), log: deps.log });
  const results = createResultEffects(mergeEffects(deps.effects, ddm.effects));
  const queue = createQueueRepo(db, results);
  const enrollments = createEnrollmentRepo(db);
  const challenges = createChallengeRepo(db);
  const commander: Commander = createCommander({ db, queue, push });
  // Modules built after the engine (restrictions) add what a newly manageable phone should get.
  // The engine's own step comes first: a phone that can take declarations is switched to DDM at once.
  const enrolledHooks: ((deviceId: string) => Promise<void>)[] = [(deviceId) => ddm.afterEnrolment(deviceId)];
  const onEnrolled = async (deviceId: string) => {
    for (const hook of enrolledHooks) {
      try {
        await hook(deviceId);
      } catch (err) {
        // The phone's TokenUpdate has been recorded; a failed follow-up must not make it retry the check-in.
        deps.log.error({ err, deviceId }, 'after-enrolment step failed');
      }
    }
  };
  const enrolledTxSteps: ((tx: Tx, deviceId: string) => Promise<void>)[] = [];
  const onEnrolledInTx = async (tx: Tx, deviceId: string) => {
    for (const step of enrolledTxSteps) await step(tx, deviceId);
  };
  const profiles = createEnrollmentProfileService({
    keys: deps.keys,
    challenges,
    publicUrl: deps.publicUrl,
    storeSettings: (storeId) => enrollments.storeSettings(storeId),
  });
  const renewal = createIdentityRenewal({ db, commander, profiles, windowDays: deps.renewalWindowDays ?? DEFAULT_RENEWAL_WINDOW_DAYS, log: deps.log });
  return {
    /** onEnrolled registers a step for every phone that has just become manageable (first or new enrolment). */
    onEnrolled: (hook: (deviceId: string) => Promise<void>) => void enrolledHooks.push(hook),
    /** onEnrolledInTx registers a step run in the transaction that makes the phone manageable (durable with it). */
    onEnrolledInTx: (step: (tx: Tx, deviceId: string) => Promise<void>) => void enrolledTxSteps.push(step),
    keys: deps.keys,
    queue,
    enrollments,
    challenges,
    push,
    commander,
    profiles,
    renewal,
    /** ddm: Declarative Device Management; modules see `ddm.port` (DdmPort), the store module calls `ddm.storeChanged`. */
    ddm,
    checkin: createCheckinService({
      db,
      enrollments,
      queue,
      commander: () => commander,
      // A getter: the operator's first push certificate may set the topic while the server runs.
      get topic() {
        return deps.keys.topic;
      },
      onEnrolled,
      onEnrolledInTx,
      ddm: ddm.checkin,
    }),
    connect: createConnectService({ db, enrollments, queue, results }),
  };
}
export type MdmEngine = ReturnType<typeof createMdmEngine>;
