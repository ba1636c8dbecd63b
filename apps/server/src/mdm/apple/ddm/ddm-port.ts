import type { Tx } from '../effects/result-effect.ts';

/**
 * The Declarative Device Management engine as the feature modules see it (the OS-update module, the lock's
 * re-enrolment). The engine keeps the declarations, derives every ServerToken from content and every
 * DeclarationsToken from the set a phone sees, answers the DeclarativeManagement check-in endpoints and stores
 * the phones' status reports. Modules only say what a store or a phone should have; the engine decides which
 * phones must hear about it.
 */

/** DeclarationInput is one configuration as a module wants it: Apple's Type, our Identifier, Apple's Payload. */
export interface DeclarationInput {
  /** Apple's declaration type, e.g. `com.apple.configuration.softwareupdate.enforcement.specific`. */
  type: string;
  /** Unique within its scope; the engine prefixes nothing, so modules name theirs (`lease.os-update.enforcement`). */
  identifier: string;
  payload: Record<string, unknown>;
}

/** StatusValues are a phone's latest status items by Apple's dotted path, e.g. `softwareupdate.install-state`. */
export type StatusValues = Record<string, unknown>;

/** StatusListener runs inside the transaction that stored a status report, with only the items that report changed. */
export type StatusListener = (tx: Tx, deviceId: string, changed: StatusValues) => Promise<void>;

export interface DdmPort {
  /** capable: a phone on this iOS version takes declarations on its device channel. Unknown versions are not capable. */
  capable(osVersion: string | null | undefined): boolean;

  /** setDeviceDeclaration adds or replaces one phone's declaration; true when its content changed. */
  setDeviceDeclaration(tx: Tx, deviceId: string, declaration: DeclarationInput): Promise<boolean>;
  /** removeDeviceDeclaration drops one phone's declaration; true when there was one. */
  removeDeviceDeclaration(tx: Tx, deviceId: string, identifier: string): Promise<boolean>;

  /** setStoreDeclaration sets a store default every phone of the store gets; returns the phones whose set changed. */
  setStoreDeclaration(tx: Tx, storeId: string, declaration: DeclarationInput): Promise<string[]>;
  removeStoreDeclaration(tx: Tx, storeId: string, identifier: string): Promise<string[]>;

  /**
   * queueSync queues one DeclarativeManagement command for each of these phones whose DeclarationsToken differs from
   * what it last synced (DDM-capable, enrolled phones only); returns the phones to wake after commit.
   */
  queueSync(tx: Tx, deviceIds: string[]): Promise<string[]>;

  /** statusOf is a phone's latest value of every status item it reported. */
  statusOf(deviceId: string): Promise<StatusValues>;

  /** onStatus registers a listener for status reports (e.g. the OS-update module reads softwareupdate.*). */
  onStatus(listener: StatusListener): void;
}
