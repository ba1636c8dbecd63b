import type { AuthContext } from '../../http/authz.ts';
import type { IosDeviceRow } from '../ios-device/ios-device.repo.ts';
import type { OperationResult } from '../../domain/device-operation.ts';
import type { IdempotencyKey } from '../../domain/idempotency.ts';

/*
 * The other areas' services one-click unlock calls (CONTRACTS.md "Interfaces between areas"), narrowed to
 * the methods release uses, so this module depends on the contract and not on how each area is built.
 */

/** RestrictionPort: restrict's createIosRestrictionService. */
export interface RestrictionPort {
  setSystemRestriction(auth: AuthContext, deviceId: string, map: Record<string, boolean>, idempotencyKey?: IdempotencyKey): Promise<OperationResult>;
}

/** ActivationLockPort: activation's createActivationLockService. */
export interface ActivationLockPort {
  turnOffConfirmed(auth: AuthContext, deviceId: string): Promise<OperationResult>;
  cannotTurnOff(device: IosDeviceRow): Promise<string | null>;
}

/** DepDisowner: the part of abm's DepClient that ABM unbind needs (POST /devices/disown). */
export interface DepDisowner {
  disownDevices(serials: string[]): Promise<Record<string, string>>;
}

/** AbmGatewayPort: abm's AbmGateway; null when the store has no ABM server token. */
export interface AbmGatewayPort {
  clientFor(storeId: string): Promise<DepDisowner | null>;
}
