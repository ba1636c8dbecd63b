import { and, desc, eq, notInArray } from 'drizzle-orm';
import {
  type EnrollShortLinkResponse,
  type HirerRisk,
  type IosDeviceDetail,
  type IosListQuery,
  type IosLockScreen,
  LockStatus,
  OperationStatus,
  Perm,
  hasPermission,
} from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { toLocationItem } from '../../domain/location-log.item.ts';
import { recordHandOvers } from '../clerk/distribution-log.repo.ts';
import type { EnrollCodec } from '../enroll/enroll-code.ts';
import type { EnrollShortLinks } from '../enroll/enroll-short-link.ts';
import { toOperationItem } from '../logs/operation-log.item.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import { store } from '../../domain/store.table.ts';
import { moveClerkSlots } from '../../domain/device-quota.ts';
import { toDetail, toListItem, toProgress } from './ios-device.dto.ts';
import type { DeviceScope, IosDeviceRepo, IosDeviceRow } from './ios-device.repo.ts';

const LOCK_SHOWN = [LockStatus.LOCKED, LockStatus.LOCKING, LockStatus.SCHEDULED] as const;
const IN_PROGRESS = [OperationStatus.QUEUED, OperationStatus.SENT, OperationStatus.SCHEDULED];

export interface IosDeviceServiceDeps {
  db: Db;
  repo: IosDeviceRepo;
  oplog: OperationLogRepo;
  mdm: MdmEngine;
  codec: EnrollCodec;
  /** Issues the SMS-sized `/e/{code}` of a phone (the enroll module's). */
  shortLinks: Pick<EnrollShortLinks, 'issue'>;
  publicUrl: () => string;
  /** The hirer's latest report risk, matched by phone and name (report module; null without Ca1). */
  hirerRisk?: (auth: AuthContext, hirer: { phone: string; name: string }) => Promise<HirerRisk | null>;
}

/** scopeOf: the store's devices, and only the caller's own without list:view-all (Aa3). */
export const scopeOf = (auth: AuthContext): DeviceScope =>
  hasPermission(auth.perms, Perm.APPLE_LIST_VIEW_ALL) ? { storeId: auth.storeId } : { storeId: auth.storeId, clerkId: auth.clerkId };

/** createIosDeviceService: the Apple device list, detail and the device record's own fields. */
export function createIosDeviceService(deps: IosDeviceServiceDeps) {
  const { repo, oplog } = deps;
  /** linkOf is the phone's enrolment link on `base`: the store's own MDM host when it has one (mdm.profiles.baseUrlFor). */
  const linkOf = (d: IosDeviceRow, base = deps.publicUrl()) => `${base}/enroll/${deps.codec.encode({ storeId: d.storeId, serialNumber: d.serialNumber })}`;

  async function load(auth: AuthContext, id: string) {
    const row = await repo.find(scopeOf(auth), id);
    if (!row) throw notFound('设备不存在');
    return row;
  }

  /** lockScreen: while the phone is (being) locked, the text its last lock put on the lock screen; failed or cancelled locks never showed. */
  async function lockScreen(device: IosDeviceRow): Promise<IosLockScreen | null> {
    if (!LOCK_SHOWN.includes(device.lockStatus as (typeof LOCK_SHOWN)[number])) return null;
    const [last] = await deps.db
      .select({ detail: operationLog.detail })
      .from(operationLog)
      .where(
        and(
          eq(operationLog.deviceId, device.id),
          eq(operationLog.platform, 'ios'),
          eq(operationLog.action, 'lock'),
          notInArray(operationLog.status, [OperationStatus.FAILED, OperationStatus.CANCELLED]),
        ),
      )
      .orderBy(desc(operationLog.dateCreated))
      .limit(1);
    if (!last) return null;
    const text = (k: string) => (typeof last.detail[k] === 'string' ? (last.detail[k] as string) : '');
    return { message: text('message'), phone_number: text('phone_number'), footnote: text('footnote') };
  }

  async function page(auth: AuthContext, q: IosListQuery, recycled: boolean) {
    const { rows, total } = await repo.list(scopeOf(auth), q, recycled);
    const base = await deps.mdm.profiles.baseUrlFor(auth.storeId);
    const progress = await oplog.latestInProgress(
      rows.map((r) => r.device.id),
      IN_PROGRESS,
    );
    return { total, list: rows.map((r) => toListItem(r.device, r.clerkName, linkOf(r.device, base), toProgress(progress.get(r.device.id)))) };
  }

  return {
    load,
    linkOf,

    /**
     * enrollShortLink: the short form of the enrolment link the detail shows, for a phone the caller may see, on the
     * same host as the long one (the store's own when it has one); `/e/{code}` redirects on whichever host it is opened.
     */
    async enrollShortLink(auth: AuthContext, id: string): Promise<EnrollShortLinkResponse> {
      const { device } = await load(auth, id);
      const { code, expiresAt } = await deps.shortLinks.issue({ storeId: device.storeId, serialNumber: device.serialNumber });
      const base = await deps.mdm.profiles.baseUrlFor(device.storeId);
      return { short_link: `${base}/e/${code}`, expires_at: expiresAt.toISOString() };
    },
    list: (auth: AuthContext, q: IosListQuery) => page(auth, q, false),
    recycledList: (auth: AuthContext, q: IosListQuery) => page(auth, q, true),

    async detail(auth: AuthContext, id: string, mdmCheck: boolean): Promise<IosDeviceDetail> {
      const { device, clerkName } = await load(auth, id);
      const progress = await oplog.latestInProgress([device.id], IN_PROGRESS);
      const [s] = await deps.db.select({ restriction: store.systemRestriction }).from(store).where(eq(store.id, auth.storeId));
      let check: IosDeviceDetail['mdm_check'] = null;
      if (mdmCheck) {
        const { enrollment, pending } = await repo.mdmCheck(device.id);
        check = {
          enrolled: Boolean(enrollment?.enabled && !enrollment.released),
          push_ready: Boolean(enrollment?.tokenHex && !enrollment.pushDead),
          pending_commands: pending,
          last_seen_at: device.lastActiveTime?.toISOString() ?? null,
        };
        if (check.enrolled) await deps.mdm.commander.refreshFacts([device.id]);
      }
      const detail = toDetail(
        toListItem(device, clerkName, linkOf(device, await deps.mdm.profiles.baseUrlFor(auth.storeId)), toProgress(progress.get(device.id))),
        device,
        s?.restriction ?? {},
        check,
      );
      return {
        ...detail,
        hirer_risk: (await deps.hirerRisk?.(auth, { phone: device.hirerPhoneNumber, name: device.hirerName })) ?? null,
        lock_screen: await lockScreen(device),
      };
    },

    async clerks(auth: AuthContext) {
      const rows = await deps.db
        .select({ id: clerk.id, name: clerk.name, disabled: clerk.disabled })
        .from(clerk)
        .where(eq(clerk.storeId, auth.storeId))
        .orderBy(clerk.name);
      return rows.map((c) => ({ id: c.id, name: c.name, disabled: c.disabled }));
    },

    async models(auth: AuthContext) {
      return (await repo.models(scopeOf(auth))).map((m) => m.model);
    },

    async installedApps(auth: AuthContext, id: string) {
      return (await load(auth, id)).device.appList;
    },

    async operationLogs(auth: AuthContext, deviceId: string, p: { page_num: number; page_size: number }) {
      await load(auth, deviceId);
      const { rows, total } = await oplog.listForDevice(auth.storeId, 'ios', deviceId, p);
      return { total, list: rows.map((r) => toOperationItem(r.log, r.clerkName)) };
    },

    async operationLog(auth: AuthContext, id: string) {
      const row = await oplog.get(auth.storeId, id);
      if (row?.log.platform !== 'ios' || !row.log.deviceId) throw notFound('操作记录不存在');
      await load(auth, row.log.deviceId);
      return toOperationItem(row.log, row.clerkName);
    },

    async locationLog(auth: AuthContext, deviceId: string, p: { page_num: number; page_size: number }) {
      await load(auth, deviceId);
      const { rows, total } = await repo.locationLog(deviceId, p);
      return { total, list: rows.map(toLocationItem) };
    },

    async updateRemark(auth: AuthContext, id: string, remark: string) {
      await load(auth, id);
      await repo.update(scopeOf(auth), [id], { remark });
      await oplog.insertMany([
        {
          storeId: auth.storeId,
          clerkId: auth.clerkId,
          platform: 'ios',
          deviceId: id,
          action: 'update-remark',
          status: OperationStatus.DONE,
          detail: { remark },
        },
      ]);
    },

    async updateHirer(auth: AuthContext, id: string, hirerName: string, hirerPhone: string) {
      await load(auth, id);
      await repo.update(scopeOf(auth), [id], { hirerName, hirerPhoneNumber: hirerPhone });
      await oplog.insertMany([
        {
          storeId: auth.storeId,
          clerkId: auth.clerkId,
          platform: 'ios',
          deviceId: id,
          action: 'update-hirer',
          status: OperationStatus.DONE,
          detail: { hirer_name: hirerName },
        },
      ]);
    },

    /** changeForClerk hands devices over to another clerk of the same store, all or nothing, with their quota and a hand-over record. */
    async changeForClerk(auth: AuthContext, deviceIds: string[], toClerk: string) {
      const [target] = await deps.db.select().from(clerk).where(eq(clerk.id, toClerk));
      if (!target || target.storeId !== auth.storeId) throw notFound('店员不存在');
      if (target.disabled) throw new AppError('CONFLICT', '该店员已停用');
      const ids = [...new Set(deviceIds)];
      const devices = await repo.findMany(scopeOf(auth), ids);
      if (devices.length !== ids.length) throw notFound('设备不存在');
      const handOvers = devices.map((d) => ({
        storeId: auth.storeId,
        platform: 'ios' as const,
        deviceId: d.id,
        fromClerkId: d.clerkId,
        toClerkId: toClerk,
        byClerkId: auth.clerkId,
        serialNumber: d.serialNumber,
      }));
      await deps.db.transaction(async (tx) => {
        await moveClerkSlots(tx, handOvers);
        await repo.update(scopeOf(auth), ids, { clerkId: toClerk }, tx);
        await recordHandOvers(tx, handOvers);
        await oplog.insertMany(
          devices.map((d) => ({
            storeId: auth.storeId,
            clerkId: auth.clerkId,
            platform: 'ios' as const,
            deviceId: d.id,
            action: 'change-for-clerk',
            status: OperationStatus.DONE,
            detail: { from: d.clerkId, to: toClerk, to_name: target.name },
          })),
          tx,
        );
      });
      return { count: ids.length };
    },
  };
}
export type IosDeviceService = ReturnType<typeof createIosDeviceService>;
