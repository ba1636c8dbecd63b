import { type CommandOutcome, type ErrorChainItem, failed } from './command-handlers/command-outcome.ts';

/** LOCKED_NOT_NOW: commands a passcode-locked iPhone defers, as they need the keychain or the user's data unlocked. */
const LOCKED_NOT_NOW = ['InstallProfile', 'RemoveProfile', 'InstallApplication', 'Settings', 'ScheduleOSUpdate'];

/**
 * DeviceFaults holds the misbehaviour tests ask of a phone: a user-locked screen (NotNow), forced errors per
 * RequestType, and losing the network right after a command arrives.
 */
export class DeviceFaults {
  userLocked = false;
  private notNowTypes: Set<string> | 'all' = new Set(LOCKED_NOT_NOW);
  private readonly errors = new Map<string, ErrorChainItem>();
  private dropAfter?: number;
  private receivedSinceArmed = 0;
  /** deferred: a NotNow was sent since the last unlock, so unlocking should reconnect. */
  deferred = false;

  /** notNowFor locks the phone and makes it answer NotNow to these RequestTypes (or all) until unlocked. */
  notNowFor(types: readonly string[] | 'all'): void {
    this.notNowTypes = types === 'all' ? 'all' : new Set(types);
    this.userLocked = true;
  }

  errorFor(requestType: string, error: ErrorChainItem | undefined): void {
    if (error) this.errors.set(requestType, error);
    else this.errors.delete(requestType);
  }

  crashAfterReceiving(n: number): void {
    this.dropAfter = n;
    this.receivedSinceArmed = 0;
  }

  clear(): void {
    this.userLocked = false;
    this.notNowTypes = new Set(LOCKED_NOT_NOW);
    this.errors.clear();
    this.dropAfter = undefined;
  }

  /** shouldDrop counts a received command and says whether the connection dies now (once per arming). */
  shouldDrop(): boolean {
    if (this.dropAfter === undefined) return false;
    this.receivedSinceArmed += 1;
    if (this.receivedSinceArmed < this.dropAfter) return false;
    this.dropAfter = undefined;
    return true;
  }

  /** forcedOutcome is the NotNow or error a fault imposes on this RequestType, if any. */
  forcedOutcome(requestType: string): CommandOutcome | undefined {
    if (this.userLocked && (this.notNowTypes === 'all' || this.notNowTypes.has(requestType))) {
      this.deferred = true;
      return { status: 'NotNow' };
    }
    const error = this.errors.get(requestType);
    return error ? failed(error) : undefined;
  }
}
