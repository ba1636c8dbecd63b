import type { Db } from '../../db/client.ts';
import { type MdmCommand, deviceInformation, installedApplicationList, securityInfo } from './commands.ts';
import { buildPlist } from './plist.ts';
import type { PushService } from './push.service.ts';
import type { NewCommand, QueueRepo } from './queue.repo.ts';

/**
 * Security commands jump the queue; refetches wait behind everything (Fleet #9034). RELOCK, the store's Lost Mode
 * sent again to a phone that came back unlocked, goes before anything else a re-enrolled phone is given.
 */
export const Priority = { RELOCK: 20, SECURITY: 10, NORMAL: 0, REFETCH: -10 } as const;

const DAY = 86_400_000;

/** CommandRequest is one command for one phone: built already (its CommandUUID becomes the row id), or built here for the row's id. */
export type CommandRequest = { deviceId: string; operationLogId?: string } & ({ command: MdmCommand } | { build: (uuid: string) => MdmCommand });

export interface EnqueueOptions {
  priority?: number;
  /** A pending command with the same key on the same device makes this one a no-op. */
  dedupeKey?: string;
  ttlMs?: number;
  /** Pending commands of these request types on the same phones are cancelled first: this one replaces them (lock, unlock). */
  supersede?: string[];
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * createCommander turns a console operation into queued MDM commands and wakes the phones (Fleet's
 * commander: enqueue + push). Authorization and operation-log rows are the caller's business; the
 * push always happens after the enqueue transaction has committed.
 */
export function createCommander(deps: { db: Db; queue: QueueRepo; push: PushService }) {
  function rows(requests: CommandRequest[], options: EnqueueOptions): NewCommand[] {
    const expiresAt = new Date(Date.now() + (options.ttlMs ?? 7 * DAY));
    return requests.map((r) => {
      const command = 'command' in r ? r.command : r.build(crypto.randomUUID().toUpperCase());
      return {
        id: command.CommandUUID,
        deviceId: r.deviceId,
        requestType: command.Command.RequestType,
        payload: buildPlist(command),
        priority: options.priority ?? Priority.NORMAL,
        expiresAt,
        dedupeKey: options.dedupeKey,
        operationLogId: r.operationLogId,
      };
    });
  }

  /** enqueueIn adds commands inside the caller's transaction; call wake() with the result after commit. */
  async function enqueueIn(tx: Tx, requests: CommandRequest[], options: EnqueueOptions = {}) {
    const queued = await deps.queue.insert(rows(requests, options), tx, options.supersede);
    return { queuedIds: queued, deviceIds: [...new Set(requests.map((r) => r.deviceId))] };
  }

  return {
    enqueueIn,
    wake: (deviceIds: string[]) => deps.push.wakeInBackground(deviceIds),

    /** enqueue is enqueueIn + commit + wake for callers without a transaction of their own. */
    async enqueue(requests: CommandRequest[], options: EnqueueOptions = {}) {
      const result = await deps.db.transaction((tx) => enqueueIn(tx, requests, options));
      deps.push.wakeInBackground(result.deviceIds);
      return result.queuedIds;
    },

    /** refreshFacts asks for device information, security state and the app list, once each per device. */
    async refreshFacts(deviceIds: string[]) {
      const refetch = { DeviceInformation: deviceInformation, SecurityInfo: securityInfo, InstalledApplicationList: installedApplicationList };
      await deps.db.transaction(async (tx) => {
        for (const [requestType, builder] of Object.entries(refetch)) {
          const requests = deviceIds.map((deviceId) => ({ deviceId, build: (uuid: string) => builder({ uuid }) }));
          await enqueueIn(tx, requests, { priority: Priority.REFETCH, dedupeKey: `refetch:${requestType}`, ttlMs: DAY });
        }
      });
      deps.push.wakeInBackground(deviceIds);
    },
  };
}
export type Commander = ReturnType<typeof createCommander>;
