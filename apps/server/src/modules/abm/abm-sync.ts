import type { FastifyBaseLogger } from 'fastify';
import type { AbmSyncResult, DepDevice, DepProfile } from '@lease/shared';
import { type DepClient, DepError } from '../../adapters/dep/dep-client.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { AbmGateway } from './abm-gateway.ts';
import type { AbmDeviceValues, AbmRepo, AbmServerRow } from './abm.repo.ts';

/** nanodep syncs every 30 minutes; Apple asks servers not to poll more often than that. */
export const SYNC_INTERVAL_MS = 30 * 60_000;
const LEASE_MS = 10 * 60_000;
const ASSIGN_CHUNK = 1000;

/** backoffMs grows with consecutive failures (1, 2, 4 … min) and stops at 6 h; a rejected token waits the longest. */
export function backoffMs(failures: number, err: unknown): number {
  if (err instanceof DepError && (err.status === 401 || err.code === 'ACCESS_DENIED' || err.code === 'T_C_NOT_SIGNED')) return 6 * 3_600_000;
  return Math.min(60_000 * 2 ** Math.max(failures - 1, 0), 6 * 3_600_000);
}

/**
 * depEnrollUrl is where a store's DEP phones fetch their enrolment profile during Setup Assistant: `baseUrl` is the
 * store's enrolment base (its own host when it has one, else PUBLIC_URL), as its other enrolment links.
 */
export const depEnrollUrl = (baseUrl: string, storeId: string) => `${baseUrl.replace(/\/+$/, '')}/mdm/dep/enroll/${storeId}`;

/**
 * depProfileFor is our DEP profile: supervised, mandatory and not removable (a leased phone must stay managed),
 * pointing at our enrolment endpoint. Setup Assistant panes a leasing hirer does not need are skipped.
 */
export function depProfileFor(storeName: string, url: string): DepProfile {
  return {
    profile_name: `${storeName} 设备管理`.slice(0, 125),
    url,
    is_supervised: true,
    is_mandatory: true,
    is_mdm_removable: false,
    // Our server does not send DeviceConfigured, so the phone must not wait for it.
    await_device_configured: false,
    allow_pairing: false,
    department: storeName.slice(0, 125),
    language: 'zh',
    region: 'CN',
    skip_setup_items: ['AppleID', 'Diagnostics', 'Payment', 'Siri', 'ScreenTime', 'iCloudDiagnostics', 'iCloudStorage', 'Android'],
  };
}

const dateOf = (v: string | undefined) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v) : null);

function valuesOf(d: DepDevice): AbmDeviceValues {
  return {
    serialNumber: d.serial_number,
    model: d.model ?? '',
    description: d.description ?? '',
    color: d.color ?? '',
    deviceFamily: d.device_family ?? '',
    os: d.os ?? '',
    profileStatus: d.profile_status ?? 'empty',
    profileUuid: d.profile_uuid || null,
    profileAssignTime: dateOf(d.profile_assign_time),
    profilePushTime: dateOf(d.profile_push_time),
    deviceAssignedDate: dateOf(d.device_assigned_date),
    deviceAssignedBy: d.device_assigned_by ?? '',
    opType: d.op_type ?? 'added',
    opDate: dateOf(d.op_date),
  };
}

/**
 * latestPerSerial keeps one record per serial: Apple's sync may repeat a device, and the record with the latest
 * op_date is its state (Apple's "Sync the List of Devices").
 */
function latestPerSerial(devices: DepDevice[]): DepDevice[] {
  const bySerial = new Map<string, DepDevice>();
  for (const d of devices) {
    const seen = bySerial.get(d.serial_number);
    if (!seen || (Date.parse(d.op_date ?? '') || 0) >= (Date.parse(seen.op_date ?? '') || 0)) bySerial.set(d.serial_number, d);
  }
  return [...bySerial.values()];
}

export interface AbmSyncDeps {
  repo: AbmRepo;
  gateway: AbmGateway;
  /** The store's enrolment base URL (the engine's profiles.baseUrlFor): its own host, else PUBLIC_URL. */
  enrolmentBaseUrl: (storeId: string) => Promise<string>;
  storeName: (storeId: string) => Promise<string>;
  log: FastifyBaseLogger;
}

/**
 * createAbmSync runs DESIGN §8's DEP sync for one store at a time: (re)define our profile when missing or when our
 * URL changed, fetch the whole device list (first run, or after EXPIRED_CURSOR) or sync the changes since the
 * stored cursor, upsert abm_device, mirror abm_status onto console devices, and assign our profile to the devices
 * that lack it. The caller holds the store's lease; the outcome (time, Chinese error, backoff) is recorded here.
 */
export function createAbmSync(deps: AbmSyncDeps) {
  const { repo } = deps;

  async function ensureProfile(client: DepClient, row: AbmServerRow): Promise<string> {
    // One ABM server per store (abm_server's key is the store): the profile carries that store's own host.
    const url = depEnrollUrl(await deps.enrolmentBaseUrl(row.storeId), row.storeId);
    if (row.profileUuid && row.profileUrl === url) return row.profileUuid;
    const { profile_uuid } = await client.defineProfile(depProfileFor(await deps.storeName(row.storeId), url));
    await repo.update(row.storeId, { profileUuid: profile_uuid, profileUrl: url });
    return profile_uuid;
  }

  async function apply(storeId: string, page: DepDevice[], counts: AbmSyncResult) {
    const latest = latestPerSerial(page);
    const gone = latest.filter((d) => d.op_type === 'deleted');
    const present = latest.filter((d) => d.op_type !== 'deleted');
    await repo.upsertDevices(storeId, present.map(valuesOf));
    await repo.markDeleted(
      storeId,
      gone.map((d) => ({ serial: d.serial_number, opDate: dateOf(d.op_date) })),
    );
    counts.fetched += page.length;
    for (const d of latest) {
      if (d.op_type === 'deleted') counts.deleted++;
      else if (d.op_type === 'modified') counts.modified++;
      else counts.added++;
    }
  }

  /** pull walks fetch (no cursor) or sync pages to the end, saving the cursor after each page. */
  async function pull(client: DepClient, row: AbmServerRow, counts: AbmSyncResult) {
    let cursor = row.cursor;
    let full = !cursor;
    for (;;) {
      let page;
      try {
        page = full ? await client.fetchDevices(cursor ?? undefined) : await client.syncDevices(cursor!);
      } catch (err) {
        // Sync cursors last 7 days: start over with a full fetch, as Apple says.
        if (!full && err instanceof DepError && (err.code === 'EXPIRED_CURSOR' || err.code === 'INVALID_CURSOR')) {
          deps.log.info({ storeId: row.storeId, code: err.code }, 'DEP cursor refused; fetching every device again');
          full = true;
          cursor = null;
          continue;
        }
        throw err;
      }
      await apply(row.storeId, page.devices ?? [], counts);
      cursor = page.cursor || cursor;
      await repo.update(row.storeId, { cursor });
      if (!page.more_to_follow) return;
    }
  }

  async function assign(client: DepClient, storeId: string, profileUuid: string, counts: AbmSyncResult) {
    const serials = await repo.unassignedSerials(storeId, profileUuid);
    for (let i = 0; i < serials.length; i += ASSIGN_CHUNK) {
      const chunk = serials.slice(i, i + ASSIGN_CHUNK);
      const results = await client.assignProfile(profileUuid, chunk);
      const ok = chunk.filter((s) => results[s] === 'SUCCESS');
      await repo.setProfileAssigned(storeId, ok, profileUuid);
      counts.assigned += ok.length;
      const refused = chunk.filter((s) => results[s] !== 'SUCCESS');
      if (refused.length)
        deps.log.warn({ storeId, refused: Object.fromEntries(refused.map((s) => [s, results[s] ?? 'MISSING'])) }, 'DEP profile not assigned to some devices');
    }
  }

  /** syncStore runs one store's sync; it records the outcome and rethrows Apple's error for sync-now to show. */
  async function syncStore(storeId: string): Promise<AbmSyncResult> {
    const counts: AbmSyncResult = { fetched: 0, added: 0, modified: 0, deleted: 0, assigned: 0 };
    const row = await repo.get(storeId);
    const client = await deps.gateway.clientFor(storeId);
    if (!row || !client) return counts;
    try {
      const profileUuid = await ensureProfile(client, row);
      await pull(client, row, counts);
      await assign(client, storeId, profileUuid, counts);
      await repo.reconcileIosAbmStatus(storeId);
      const now = new Date();
      await repo.update(storeId, {
        lastSyncAt: now,
        lastSyncError: null,
        syncFailures: 0,
        nextSyncAt: new Date(now.getTime() + SYNC_INTERVAL_MS),
        syncLeaseUntil: null,
      });
      return counts;
    } catch (err) {
      const failures = row.syncFailures + 1;
      const message = err instanceof DepError ? err.message : 'Apple 商务管理同步失败：服务器内部错误';
      if (!(err instanceof DepError)) deps.log.error({ err, storeId }, 'DEP sync failed');
      await repo.update(storeId, {
        lastSyncError: message,
        syncFailures: failures,
        nextSyncAt: new Date(Date.now() + backoffMs(failures, err)),
        syncLeaseUntil: null,
      });
      // What was applied before the failure stays applied; mirror it.
      await repo.reconcileIosAbmStatus(storeId);
      throw err;
    }
  }

  return {
    syncStore,
    /** syncDue leases the stores whose sync is due and runs them one after another. */
    async syncDue(limit = 5): Promise<number> {
      const due = await repo.claimDue(limit, LEASE_MS);
      for (const row of due) {
        // One store's failure is recorded on its row (and logged when it is ours); the others still run.
        await syncStore(row.storeId).catch(() => undefined);
      }
      return due.length;
    },
    /** syncNow leases one store (false while another run holds it) and syncs it at once. */
    async syncNow(storeId: string): Promise<AbmSyncResult | null> {
      if (!(await repo.claim(storeId, LEASE_MS))) return null;
      return syncStore(storeId);
    },
  };
}
export type AbmSync = ReturnType<typeof createAbmSync>;

export const abmSyncJob = (sync: AbmSync): Job => ({ name: 'abm-dep-sync', everyMs: 60_000, run: () => sync.syncDue() });
