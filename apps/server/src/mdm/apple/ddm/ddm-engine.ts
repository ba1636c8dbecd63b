import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { declarativeManagement } from '../commands.ts';
import { Priority } from '../commander.ts';
import type { EffectTable, Tx } from '../effects/result-effect.ts';
import { CommandStatus, mdmCommand } from '../mdm.table.ts';
import { buildPlist, isPlistDict } from '../plist.ts';
import { insertCommands } from '../queue.repo.ts';
import { BUILTIN_PREFIX } from './ddm-builtins.ts';
import { createDdmCheckin, syncTokens } from './ddm-checkin.ts';
import type { DdmPort, DeclarationInput, StatusListener } from './ddm-port.ts';
import { pruneStatusReports, statusValues } from './ddm-status.ts';
import { ddmCapable, kindOf } from './ddm-tokens.ts';
import {
  DDM_REQUEST_TYPE,
  type Scope,
  cancelWaitingSyncs,
  deleteDeclaration,
  forgetAnnounced,
  forgetSync,
  phoneSets,
  recordAnnounced,
  recordRefusal,
  storeDeviceIds,
  upsertDeclaration,
} from './ddm.repo.ts';
import { ddmDeclaration, ddmDevice } from './ddm.table.ts';

const REQUEST_TYPE = DDM_REQUEST_TYPE;
const DAY = 86_400_000;
/** The dedupe key carries the DeclarationsToken the command announces (read back when the phone answers). */
const dedupeKey = (token: string) => `ddm:${token}`;

/**
 * checkInput refuses what Apple would reject or what would shadow a built-in (DeclarationBase: identifier ≤ 64 octets);
 * no `/` (it splits the fetch path) and no white space (the DeclarationsToken joins `kind/identifier/token` lines).
 */
function checkInput(d: DeclarationInput) {
  if (!kindOf(d.type)) throw new Error(`not a declaration type: ${d.type}`);
  if (!d.identifier || Buffer.byteLength(d.identifier) > 64 || /[/\s]/.test(d.identifier)) throw new Error(`bad declaration identifier: ${d.identifier}`);
  if (d.identifier.startsWith(BUILTIN_PREFIX)) throw new Error(`${BUILTIN_PREFIX} identifiers belong to the engine`);
}

/**
 * createDdmEngine is the Declarative Device Management side of the Apple engine (DdmPort): declarations per store
 * and per phone, the sync command, the check-in endpoints and the status store. `wake` pushes after commit.
 */
export function createDdmEngine(deps: { db: Db; wake: (deviceIds: string[]) => void; log: FastifyBaseLogger }) {
  const { db } = deps;
  const listeners: StatusListener[] = [];

  /**
   * queueSync: a phone hears of each set once. It is due when its set differs from what it last fetched, from what a
   * command already announced and from what it refused; a waiting older command is cancelled, so one at most waits.
   */
  async function queueSync(tx: Tx, deviceIds: string[]): Promise<string[]> {
    if (!deviceIds.length) return [];
    const due = (await phoneSets(tx, deviceIds)).filter(
      (s) => s.manageable && ddmCapable(s.osVersion) && s.token !== s.syncedToken && s.token !== s.announcedToken && s.token !== s.refusedToken,
    );
    if (!due.length) return [];
    const ids = due.map((s) => s.deviceId);
    await cancelWaitingSyncs(tx, ids);
    const expiresAt = new Date(Date.now() + 7 * DAY);
    await insertCommands(
      tx,
      due.map((s) => {
        const command = declarativeManagement(syncTokens(s), { uuid: crypto.randomUUID().toUpperCase() });
        return {
          id: command.CommandUUID,
          deviceId: s.deviceId,
          requestType: REQUEST_TYPE,
          payload: buildPlist(command),
          priority: Priority.NORMAL,
          expiresAt,
          dedupeKey: dedupeKey(s.token),
        };
      }),
    );
    await recordAnnounced(tx, due);
    return ids;
  }

  /** changedForStore: a store default reaches every phone of the store except those with their own of that identifier. */
  async function changedForStore(tx: Tx, storeId: string, identifier: string): Promise<string[]> {
    const ids = await storeDeviceIds(tx, storeId);
    if (!ids.length) return [];
    const own = await tx
      .select({ deviceId: ddmDeclaration.deviceId })
      .from(ddmDeclaration)
      .where(and(inArray(ddmDeclaration.deviceId, ids), eq(ddmDeclaration.identifier, identifier)));
    const shadowed = new Set(own.map((r) => r.deviceId));
    return ids.filter((id) => !shadowed.has(id));
  }

  const port: DdmPort = {
    capable: ddmCapable,
    async setDeviceDeclaration(tx, deviceId, declaration) {
      checkInput(declaration);
      return upsertDeclaration(tx, { deviceId }, declaration);
    },
    removeDeviceDeclaration: (tx, deviceId, identifier) => deleteDeclaration(tx, { deviceId }, identifier),
    async setStoreDeclaration(tx, storeId, declaration) {
      checkInput(declaration);
      const scope: Scope = { storeId };
      return (await upsertDeclaration(tx, scope, declaration)) ? changedForStore(tx, storeId, declaration.identifier) : [];
    },
    async removeStoreDeclaration(tx, storeId, identifier) {
      return (await deleteDeclaration(tx, { storeId }, identifier)) ? changedForStore(tx, storeId, identifier) : [];
    },
    queueSync,
    statusOf: (deviceId) => statusValues(db, deviceId),
    onStatus: (listener) => void listeners.push(listener),
  };

  /**
   * effects: the answer to DeclarativeManagement (an error is remembered, so that set is not sent again; a change
   * of set tries anew; an expired command is forgotten, so it is sent again), and a DeviceInformation answer, whose OS
   * version may have just made the phone capable.
   */
  const effects: EffectTable = {
    [REQUEST_TYPE]: [
      async ({ tx, deviceId, cmd, status, chain }) => {
        if (status === CommandStatus.ACKNOWLEDGED) return undefined;
        const [row] = await tx.select({ dedupeKey: mdmCommand.dedupeKey }).from(mdmCommand).where(eq(mdmCommand.id, cmd.id));
        const token = row?.dedupeKey?.replace(/^ddm:/, '');
        if (!token) return undefined;
        if (status === CommandStatus.EXPIRED) return void (await forgetAnnounced(tx, deviceId, token));
        await recordRefusal(tx, deviceId, token, chain);
        deps.log.warn({ deviceId, chain }, 'DeclarativeManagement refused by the phone');
        return undefined;
      },
    ],
    DeviceInformation: [
      async ({ tx, deviceId, ok, response }) => {
        const q = response.QueryResponses;
        const osVersion = isPlistDict(q) && typeof q.OSVersion === 'string' ? q.OSVersion : null;
        if (!ok || !ddmCapable(osVersion)) return undefined;
        // Only a phone never switched on needs it here (every facts refresh passes by): the others hear of a new set
        // from queueSync when a module changes it. One primary-key read instead of computing the phone's whole set.
        const [known] = await tx
          .select({ synced: ddmDevice.syncedToken, announced: ddmDevice.announcedToken })
          .from(ddmDevice)
          .where(eq(ddmDevice.deviceId, deviceId));
        // Served in the same session: the phone fetches the new command before it goes idle, no push needed.
        if (!known?.synced && !known?.announced) await queueSync(tx, [deviceId]);
        return undefined;
      },
    ],
  };

  return {
    port,
    effects,
    checkin: createDdmCheckin({ db, listeners }),

    /** afterEnrolment: a phone that has just enrolled (again) starts with no declarations; switch DDM on if it can. */
    async afterEnrolment(deviceId: string) {
      const ids = await db.transaction(async (tx) => {
        await forgetSync(tx, deviceId);
        return queueSync(tx, [deviceId]);
      });
      deps.wake(ids);
    },

    /**
     * storeChanged is for the store module after a change of the store's name (organization-info): every phone of the
     * store whose set now differs gets a sync. Call it in the transaction that saved the store; wake the result after.
     */
    storeChanged: async (tx: Tx, storeId: string) => queueSync(tx, await storeDeviceIds(tx, storeId)),

    /** prune applies the raw reports' retention (maintenance job). */
    prune: () => pruneStatusReports(db),
  };
}
export type DdmEngine = ReturnType<typeof createDdmEngine>;
