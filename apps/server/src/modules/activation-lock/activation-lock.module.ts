import type { FastifyInstance } from 'fastify';
import { escrowUnlockFromConfig } from '../../adapters/activation-lock/escrow-unlock-from-config.ts';
import type { EscrowUnlockClient } from '../../adapters/activation-lock/escrow-unlock-client.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Secrets } from '../../secrets.ts';
import type { AbmGateway } from '../abm/abm-gateway.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';
import type { SensitiveActionGuard } from '../store/sensitive-action.ts';
import { publishSealKey } from './activation-lock.repo.ts';
import { activationLockRoutes } from './activation-lock.routes.ts';
import { createActivationLockService } from './activation-lock.service.ts';
import { createCodeBox } from './code-box.ts';

export interface ActivationLockModuleDeps {
  db: Db;
  secrets: Pick<Secrets, 'activationLock'>;
  config: Pick<Config, 'activationLock'>;
  devices: Pick<IosDeviceService, 'load'>;
  guard: SensitiveActionGuard;
  abm: AbmGateway;
  /** Tests may hand in a client of their own; the default follows the configuration. */
  escrow?: EscrowUnlockClient;
}

/**
 * createActivationLockModule wires Activation Lock: the code box from DATA_DIR's key, Apple's escrow-key unlock
 * client (or its offline default), the service release uses (`service.turnOffConfirmed`, `service.cannotTurnOff`)
 * and the routes. register() also publishes the public key phones' codes are sealed to.
 */
export function createActivationLockModule(deps: ActivationLockModuleDeps) {
  const codes = createCodeBox(deps.secrets.activationLock);
  const escrow = deps.escrow ?? escrowUnlockFromConfig(deps.config.activationLock);
  const service = createActivationLockService({ db: deps.db, devices: deps.devices, guard: deps.guard, abm: deps.abm, escrow, codes });
  return {
    name: 'activation-lock',
    service,
    /** What the dev page shows about the escrow-key unlock adapter. */
    adapters: [{ name: 'activation-lock', label: 'Apple 激活锁服务（escrowKeyUnlock）', impl: escrow.label, live: escrow.live }],
    async register(app: FastifyInstance) {
      await publishSealKey(deps.db, codes.publicKeyPem);
      await app.register(activationLockRoutes, { activationLock: service });
    },
  };
}
export type ActivationLockModule = ReturnType<typeof createActivationLockModule>;
