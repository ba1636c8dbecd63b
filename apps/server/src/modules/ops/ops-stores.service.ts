import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_STORE_MODULES,
  type Module,
  type OpsBalanceRequest,
  type OpsBalanceResult,
  type OpsStoreCreateRequest,
  type OpsStoreCreateResult,
  type OpsStoreDetail,
  type OpsStoreItem,
  type OpsStoreListQuery,
  type OpsStoreUpdateRequest,
  SmsPurpose,
} from '@lease/shared';
import type { SmsCodeService } from '../sms-code/sms-code.service.ts';
import type { Db } from '../../db/client.ts';
import type { IdempotencyKey } from '../../domain/idempotency.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { OperatorContext } from '../../http/authz.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/password.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { createLedger } from '../report/ledger.ts';
import { reportLedger } from '../report/report.table.ts';
import { store } from '../../domain/store.table.ts';
import { oneTimePassword } from './create-operator.ts';
import type { OpsAudit } from './ops-audit.ts';

interface Actor {
  operator: OperatorContext;
  ip: string;
}

type StoreRow = typeof store.$inferSelect;

// Subqueries name the outer row as "store"."id": Drizzle leaves column names unqualified in a one-table select.
/** The store's first admin: the earliest admin clerk (a store may later have more than one). */
const adminOf = (col: 'name' | 'phone_number') =>
  sql<string | null>`(select c.${sql.raw(col)} from clerk c where c.store_id = "store"."id" and c.is_admin order by c.date_created asc limit 1)`;
const balanceSql = sql<string>`(select coalesce(sum(l.amount_fen), 0) from report_ledger l where l.for_store = "store"."id")`;

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The store fields the audit log keeps before and after a change. */
const auditable = (s: StoreRow) => ({
  device_count: s.deviceCount,
  used_device_count: s.usedDeviceCount,
  modules: s.modules,
  rcs_count: s.rcsCount,
  discount_rate: Number(s.discountRate).toFixed(2),
  disabled: Boolean(s.disabledAt),
});

/**
 * createOpsStoresService is the operator's side of stores: list and search, slots, modules, RCS count,
 * discount rate, report balance (ledger entries only), disable / enable, and creating a store directly.
 * Every change writes an audit row in the same transaction.
 */
export function createOpsStoresService(deps: { db: Db; audit: OpsAudit; storeAuth: AuthService; sms: SmsCodeService; smsReady: () => boolean }) {
  const { db, audit } = deps;
  const ledger = createLedger(db);
  const auditFor = (a: Actor) => ({ operatorId: a.operator.operatorId, operatorName: a.operator.name, ip: a.ip, targetType: 'store' });

  const columns = {
    id: store.id,
    storeName: store.storeName,
    dateCreated: store.dateCreated,
    deviceCount: store.deviceCount,
    usedDeviceCount: store.usedDeviceCount,
    rcsCount: store.rcsCount,
    usedRcsCount: store.usedRcsCount,
    discountRate: store.discountRate,
    modules: store.modules,
    disabledAt: store.disabledAt,
    isDemo: store.isDemo,
    adminName: adminOf('name'),
    adminPhone: adminOf('phone_number'),
    balance: balanceSql,
  };
  type Listed = { [K in keyof typeof columns]: unknown } & Pick<
    StoreRow,
    'id' | 'storeName' | 'dateCreated' | 'deviceCount' | 'usedDeviceCount' | 'rcsCount' | 'usedRcsCount' | 'discountRate' | 'modules' | 'disabledAt' | 'isDemo'
  > & { adminName: string | null; adminPhone: string | null; balance: string };

  const toItem = (r: Listed): OpsStoreItem => ({
    id: r.id,
    store_name: r.storeName,
    admin_name: r.adminName,
    admin_phone: r.adminPhone,
    date_created: r.dateCreated.toISOString(),
    device_count: r.deviceCount,
    used_device_count: r.usedDeviceCount,
    rcs_count: r.rcsCount,
    used_rcs_count: r.usedRcsCount,
    discount_rate: Number(r.discountRate).toFixed(2),
    modules: r.modules as Module[],
    balance_fen: Number(r.balance),
    disabled: Boolean(r.disabledAt),
    disabled_at: r.disabledAt?.toISOString() ?? null,
    is_demo: r.isDemo,
  });

  async function lockStore(tx: Pick<Db, 'select'>, id: string): Promise<StoreRow> {
    const [row] = await tx.select().from(store).where(eq(store.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', '门店不存在');
    return row;
  }

  async function item(id: string): Promise<OpsStoreItem> {
    const [row] = await db.select(columns).from(store).where(eq(store.id, id));
    if (!row) throw new AppError('NOT_FOUND', '门店不存在');
    return toItem(row as Listed);
  }

  return {
    async list(q: OpsStoreListQuery): Promise<{ list: OpsStoreItem[]; total: number }> {
      const filters: (SQL | undefined)[] = [];
      if (q.keyword) {
        const like = `%${escapeLike(q.keyword)}%`;
        filters.push(
          or(ilike(store.storeName, like), sql`exists (select 1 from clerk c where c.store_id = "store"."id" and c.is_admin and c.phone_number like ${like})`),
        );
      }
      if (q.status === 'active') filters.push(isNull(store.disabledAt));
      if (q.status === 'disabled') filters.push(isNotNull(store.disabledAt));
      const where = and(...filters);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select(columns)
          .from(store)
          .where(where)
          .orderBy(desc(store.dateCreated), asc(store.id))
          .limit(q.page_size)
          .offset(q.page_num * q.page_size),
        db.select({ n: count() }).from(store).where(where),
      ]);
      return { list: rows.map((r) => toItem(r as Listed)), total: n };
    },

    async detail(id: string): Promise<OpsStoreDetail> {
      const base = await item(id);
      const entries = await db
        .select()
        .from(reportLedger)
        .where(eq(reportLedger.storeId, id))
        .orderBy(desc(reportLedger.dateCreated), desc(reportLedger.id))
        .limit(20);
      return {
        ...base,
        ledger: entries.map((e) => ({ id: e.id, kind: e.kind, amount_fen: e.amountFen, reason: e.reason, date_created: e.dateCreated.toISOString() })),
      };
    },

    /** update changes slots, modules, RCS count and discount rate; slots never go below the phones in use, nor RCS queries below those used. */
    async update(id: string, patch: OpsStoreUpdateRequest, actor: Actor): Promise<OpsStoreItem> {
      await db.transaction(async (tx) => {
        const before = await lockStore(tx, id);
        if (patch.device_count !== undefined && patch.device_count < before.usedDeviceCount) {
          throw new AppError('VALIDATION_FAILED', `设备名额不能少于已使用的 ${before.usedDeviceCount} 台`, [
            { field: 'device_count', message: `不能少于已使用的 ${before.usedDeviceCount} 台` },
          ]);
        }
        if (patch.rcs_count !== undefined && patch.rcs_count < before.usedRcsCount) {
          throw new AppError('VALIDATION_FAILED', `风控查询次数不能少于已使用的 ${before.usedRcsCount} 次`, [
            { field: 'rcs_count', message: `不能少于已使用的 ${before.usedRcsCount} 次` },
          ]);
        }
        const values: Partial<typeof store.$inferInsert> = { dateUpdated: new Date() };
        if (patch.device_count !== undefined) values.deviceCount = patch.device_count;
        if (patch.modules !== undefined) values.modules = [...new Set(patch.modules)];
        if (patch.rcs_count !== undefined) values.rcsCount = patch.rcs_count;
        if (patch.discount_rate !== undefined) values.discountRate = patch.discount_rate.toFixed(2);
        const [after] = await tx.update(store).set(values).where(eq(store.id, id)).returning();
        await audit.write({ ...auditFor(actor), action: 'store.update', targetId: id, before: auditable(before), after: auditable(after) }, tx);
      });
      return item(id);
    },

    /**
     * adjustBalance writes one ledger entry (a top-up or a correction), never an overwritten number. The
     * Idempotency-Key makes a retried or doubled request credit once: the ledger's unique key decides, and the
     * same key on a different request (another amount, kind or reason) is refused with 409, not answered as the first.
     */
    async adjustBalance(id: string, req: OpsBalanceRequest, idempotency: IdempotencyKey, actor: Actor): Promise<OpsBalanceResult> {
      const key = `ops:${idempotency.key}`;
      const reason = `${req.kind === 'top_up' ? '运营充值' : '运营更正'}：${req.reason}`;
      return db.transaction(async (tx) => {
        const result =
          req.kind === 'top_up'
            ? await ledger.creditIn(tx, id, req.amount_fen, reason, key, idempotency.fingerprint)
            : await ledger.correctIn(tx, id, req.amount_fen, reason, key, idempotency.fingerprint);
        if (result.applied) {
          await audit.write(
            {
              ...auditFor(actor),
              action: 'store.balance',
              targetId: id,
              before: { balance_fen: result.balanceFen - req.amount_fen },
              after: { balance_fen: result.balanceFen, kind: req.kind, amount_fen: req.amount_fen, reason: req.reason },
            },
            tx,
          );
        }
        return { balance_fen: result.balanceFen, applied: result.applied };
      });
    },

    /**
     * setDisabled stops or restarts a store. Disabled: every console session of the store ends at once, sign-in
     * and the open API answer 门店已停用; its phones stay managed and their command queues keep running.
     */
    async setDisabled(id: string, disabled: boolean, actor: Actor): Promise<OpsStoreItem> {
      await db.transaction(async (tx) => {
        const before = await lockStore(tx, id);
        if (Boolean(before.disabledAt) === disabled) return;
        const [after] = await tx
          .update(store)
          .set({ disabledAt: disabled ? new Date() : null, dateUpdated: new Date() })
          .where(eq(store.id, id))
          .returning();
        await audit.write(
          { ...auditFor(actor), action: disabled ? 'store.disable' : 'store.enable', targetId: id, before: auditable(before), after: auditable(after) },
          tx,
        );
      });
      if (disabled) await deps.storeAuth.endStoreSessions(id, 'store-disabled');
      return item(id);
    },

    /**
     * create makes a store and its first admin. `password`: a one-time password shown once to the operator.
     * `sms`: the admin gets a 找回密码 code by text and sets a password through 忘记密码 on the login page.
     */
    async create(req: OpsStoreCreateRequest, actor: Actor): Promise<OpsStoreCreateResult> {
      const existing = await db.select({ id: clerk.id }).from(clerk).where(eq(clerk.phoneNumber, req.admin_phone));
      if (existing.length) throw new AppError('CONFLICT', '该手机号已是某个门店的账号', [{ field: 'admin_phone', message: '该手机号已注册' }]);
      // Checked first: a store whose admin can never learn a password must not be created.
      if (req.delivery === 'sms' && !deps.smsReady()) throw new AppError('SMS_NOT_CONFIGURED', '短信服务未配置，请改用一次性密码');
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      const modules = req.modules ? [...new Set(req.modules)] : DEFAULT_STORE_MODULES;
      const created = await db
        .transaction(async (tx) => {
          const [s] = await tx
            .insert(store)
            .values({ storeName: req.store_name, modules, deviceCount: req.device_count ?? 100 })
            .returning();
          await tx.insert(clerk).values({ storeId: s.id, name: req.admin_name, phoneNumber: req.admin_phone, passwordHash, isAdmin: true });
          await audit.write(
            {
              ...auditFor(actor),
              action: 'store.create',
              targetId: s.id,
              after: { ...auditable(s), store_name: s.storeName, admin_name: req.admin_name, admin_phone: req.admin_phone, delivery: req.delivery },
            },
            tx,
          );
          return s;
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err, 'clerk_phone_number_key'))
            throw new AppError('CONFLICT', '该手机号已是某个门店的账号', [{ field: 'admin_phone', message: '该手机号已注册' }]);
          throw err;
        });
      if (req.delivery === 'sms') {
        await deps.sms.send(req.admin_phone, SmsPurpose.RESET_PASSWORD, actor.ip);
        return { id: created.id, one_time_password: null };
      }
      return { id: created.id, one_time_password: password };
    },
  };
}
export type OpsStoresService = ReturnType<typeof createOpsStoresService>;
