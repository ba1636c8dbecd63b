import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt } from 'drizzle-orm';
import {
  type AbnormalReportItem,
  type BlacklistCheckRequest,
  type BlacklistCheckResult,
  type HirerRisk,
  type ListResponse,
  Module,
  OperationStatus,
  type OrderableReportLevel,
  type Paging,
  REPORT_LEVELS,
  type ReportAddRequest,
  type ReportBalance,
  type ReportDetail,
  type ReportHelper,
  type ReportLevel,
  type ReportListItem,
  type ReportListQuery,
  type ReportRefreshRequest,
  reportLevelLabel,
  reportMsg,
  maskIdCard,
  maskPhone,
} from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError, denied, notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import { type CreditProvider, ProviderFailure } from '../../adapters/credit/credit-provider.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import type { StoreRepo } from '../store/store.repo.ts';
import { type HirerKey, hirerDevices, sameHirer } from './hirer-devices.ts';
import type { Ledger, Tx } from './ledger.ts';
import type { PersonalData } from './personal-data.ts';
import { BLACKLIST_LIST_PRICE_FEN, REPORT_LIST_PRICE_FEN, discounted } from './report-prices.ts';
import type { ReportRepo, ReportRow } from './report.repo.ts';
import { report, reportLedger } from './report.table.ts';

const LEVEL_MODULE: Record<OrderableReportLevel, Module> = { basic: Module.REPORT_BASIC, advanced: Module.REPORT_ADVANCED };
const UNEXPECTED = '报告服务商出错，请稍后重试';
const STUCK = '查询中断（服务重启），费用已退回';

export interface ReportServiceDeps {
  db: Db;
  repo: ReportRepo;
  ledger: Ledger;
  pd: PersonalData;
  stores: StoreRepo;
  oplog: OperationLogRepo;
  provider: CreditProvider;
  /** The store's own vendor secret (hx-report), opened, or null. */
  storeSecret: (storeId: string) => Promise<string | null>;
  retentionDays: number;
  log?: { error(obj: unknown, msg: string): void };
}

/** orderable: the level a store may order now (its module), or a clear refusal. */
function orderable(auth: AuthContext, level: ReportLevel): OrderableReportLevel {
  if (level === 'professional') throw new AppError('VALIDATION_FAILED', reportMsg.professional);
  if (!auth.modules.includes(LEVEL_MODULE[level])) throw denied(`门店未开通${reportLevelLabel[level]}报告`);
  return level;
}

const chargeKey = (reportId: string, attempt: number) => `report:${reportId}:${attempt}`;

/**
 * createReportService: credit reports (spec §7 Report). A query is charged before the provider is asked, in
 * the transaction that creates the report, and refunded if the provider fails; the full id number and phone
 * leave the server only through preview, which is operation-logged.
 */
export function createReportService(deps: ReportServiceDeps) {
  const { db, repo, ledger, pd, stores, oplog, provider } = deps;

  async function storeOf(auth: AuthContext) {
    const s = await stores.find(auth.storeId);
    if (!s) throw notFound('门店不存在');
    return s;
  }

  /** linkedDevices: for each hirer, the store's devices leased to that person (phone and name, sameHirer). */
  async function linkedDevices(storeId: string, hirers: HirerKey[]) {
    const devices = await hirerDevices(db, storeId, [...new Set(hirers.map((h) => h.phone))]);
    return hirers.map((h) => devices.filter((d) => sameHirer({ phone: d.phone, name: d.hirerName }, h)));
  }

  function toItem(r: ReportRow, clerkName: string | null, linked: number): ReportListItem {
    return {
      id: r.id,
      name: r.name,
      id_card: r.idCardMasked,
      phone_number: r.phoneMasked,
      level: r.level,
      status: r.status,
      risk_level: r.riskLevel,
      risk_score: r.riskScore,
      price_fen: r.priceFen,
      sandbox: r.sandbox,
      failure_reason: r.failureReason,
      clerk_name: clerkName ?? '',
      linked_device_count: linked,
      date_created: r.dateCreated.toISOString(),
      date_updated: r.dateUpdated.toISOString(),
    };
  }

  async function itemOf(storeId: string, id: string): Promise<ReportListItem> {
    const row = await repo.get(storeId, id);
    if (!row) throw notFound('报告不存在');
    const [devices] = await linkedDevices(storeId, [{ phone: pd.open(row.report.phoneSealed), name: row.report.name }]);
    return toItem(row.report, row.clerkName, devices.length);
  }

  /** query asks the provider for a report already charged, and records the answer or refunds the charge. */
  async function query(r: ReportRow, level: OrderableReportLevel, key: string): Promise<void> {
    const input = {
      orderId: `${r.id}-${r.attempt}`,
      level,
      name: r.name,
      idCard: pd.open(r.idCardSealed),
      phone: pd.open(r.phoneSealed),
      storeId: r.storeId,
      storeSecret: await deps.storeSecret(r.storeId),
    };
    try {
      const sections = await provider.report(input);
      await db
        .update(report)
        .set({ status: 'success', sections, riskLevel: sections.risk.level, riskScore: sections.risk.score, failureReason: null, dateUpdated: new Date() })
        .where(eq(report.id, r.id));
    } catch (err) {
      if (!(err instanceof ProviderFailure)) deps.log?.error({ err, report: r.id }, 'report provider failed unexpectedly');
      const reason = err instanceof ProviderFailure ? err.message : UNEXPECTED;
      await db.transaction(async (tx) => {
        await tx.update(report).set({ status: 'failed', failureReason: reason, dateUpdated: new Date() }).where(eq(report.id, r.id));
        await ledger.refund(tx, key, r.storeId, reason);
      });
    }
  }

  const logReport = (tx: Tx | Db, auth: AuthContext, action: string, r: { id: string; name: string; level: string }, extra: Record<string, unknown> = {}) =>
    oplog.insertMany(
      [
        {
          storeId: auth.storeId,
          clerkId: auth.clerkId,
          platform: 'store',
          action,
          status: OperationStatus.DONE,
          detail: { report_id: r.id, name: r.name, level: r.level, ...extra },
        },
      ],
      tx,
    );

  return {
    async balance(auth: AuthContext): Promise<ReportBalance> {
      const s = await storeOf(auth);
      return {
        balance_fen: await ledger.balance(auth.storeId),
        discount_rate: s.discountRate,
        rcs_count: s.rcsCount,
        used_rcs_count: s.usedRcsCount,
        sandbox: provider.kind === 'sandbox',
      };
    },

    async helper(auth: AuthContext): Promise<ReportHelper> {
      const s = await storeOf(auth);
      return {
        discount_rate: s.discountRate,
        prices: REPORT_LEVELS.map((level) => ({
          level,
          label: reportLevelLabel[level],
          list_price_fen: REPORT_LIST_PRICE_FEN[level],
          price_fen: discounted(REPORT_LIST_PRICE_FEN[level], s.discountRate),
          available: level !== 'professional' && auth.modules.includes(LEVEL_MODULE[level]),
        })),
        blacklist_list_price_fen: BLACKLIST_LIST_PRICE_FEN,
        blacklist_price_fen: discounted(BLACKLIST_LIST_PRICE_FEN, s.discountRate),
        sandbox: provider.kind === 'sandbox',
        retention_days: deps.retentionDays,
      };
    },

    /** add: `fingerprint` is the client request's (requestFingerprint), so its key reused on another hirer or level is refused. */
    async add(auth: AuthContext, body: ReportAddRequest, fingerprint: string | null = null): Promise<ReportListItem> {
      const level = orderable(auth, body.level);
      const s = await storeOf(auth);
      const price = discounted(REPORT_LIST_PRICE_FEN[level], s.discountRate);
      const id = randomUUID();
      const now = new Date();
      const key = body.idempotency_key ? `add:${body.idempotency_key}` : chargeKey(id, 1);
      const created = await db.transaction(async (tx) => {
        // The charge comes first: it takes the store's row lock before any insert touches the store (its
        // foreign-key share lock would otherwise deadlock parallel adds). A client key already used replays
        // the first answer instead of charging again (double click, retried request); with another body, a 409.
        const { row: charge, replayed } = await ledger.charge(tx, {
          storeId: auth.storeId,
          amountFen: price,
          reason: `${reportLevelLabel[level]}报告 ${body.name}`,
          idempotencyKey: key,
          fingerprint: body.idempotency_key ? fingerprint : null,
          reportId: id,
          clerkId: auth.clerkId,
        });
        if (replayed) return { replayOf: charge.reportId };
        const [row] = await tx
          .insert(report)
          .values({
            id,
            storeId: auth.storeId,
            clerkId: auth.clerkId,
            level,
            status: 'pending',
            name: body.name,
            idCardSealed: pd.seal(body.id_card),
            idCardHash: pd.hash(body.id_card),
            idCardMasked: maskIdCard(body.id_card),
            phoneSealed: pd.seal(body.phone_number),
            phoneHash: pd.hash(body.phone_number),
            phoneMasked: maskPhone(body.phone_number),
            priceFen: price,
            sandbox: provider.kind === 'sandbox',
            authorisedBy: auth.clerkId,
            authorisedAt: now,
            dateCreated: now,
            dateUpdated: now,
          })
          .returning();
        await logReport(tx, auth, 'report-add', row, { price_fen: price, authorised: true });
        return { row };
      });
      if ('replayOf' in created) return itemOf(auth.storeId, created.replayOf!);
      await query(created.row, level, key);
      return itemOf(auth.storeId, id);
    },

    /**
     * refresh re-queries a finished or failed report: charged again at today's price, refunded on failure. The
     * client's key is required (the schema): without one, every retried request would be a new charge.
     */
    async refresh(auth: AuthContext, body: ReportRefreshRequest, fingerprint: string | null = null): Promise<ReportListItem> {
      const found = await repo.get(auth.storeId, body.id);
      if (!found) throw notFound('报告不存在');
      const level = orderable(auth, found.report.level);
      const s = await storeOf(auth);
      const price = discounted(REPORT_LIST_PRICE_FEN[level], s.discountRate);
      const started = await db.transaction(async (tx) => {
        const attempt = found.report.attempt + 1;
        const chargeOf = `refresh:${body.idempotency_key}`;
        // Charge first (the store lock), as in add; a replayed key answers the report as it stands.
        const { replayed } = await ledger.charge(tx, {
          storeId: auth.storeId,
          amountFen: price,
          reason: `刷新${reportLevelLabel[level]}报告 ${found.report.name}`,
          idempotencyKey: chargeOf,
          fingerprint,
          reportId: body.id,
          clerkId: auth.clerkId,
        });
        if (replayed) return null;
        // Only a report not being queried right now may start again (two clicks → one query).
        const [row] =
          found.report.status === 'pending'
            ? []
            : await tx
                .update(report)
                .set({ status: 'pending', attempt, priceFen: price, sandbox: provider.kind === 'sandbox', failureReason: null, dateUpdated: new Date() })
                .where(
                  and(
                    eq(report.id, body.id),
                    eq(report.storeId, auth.storeId),
                    eq(report.attempt, found.report.attempt),
                    eq(report.status, found.report.status),
                  ),
                )
                .returning();
        if (!row) throw new AppError('CONFLICT', '报告正在查询中，请稍后再试');
        await logReport(tx, auth, 'report-refresh', row, { price_fen: price });
        return { row, chargeOf };
      });
      if (started) await query(started.row, level, started.chargeOf);
      return itemOf(auth.storeId, body.id);
    },

    async list(auth: AuthContext, q: ReportListQuery): Promise<ListResponse<ReportListItem>> {
      const { rows, total } = await repo.list(auth.storeId, q);
      const linked = await linkedDevices(
        auth.storeId,
        rows.map((r) => ({ phone: pd.open(r.report.phoneSealed), name: r.report.name })),
      );
      return { list: rows.map((r, i) => toItem(r.report, r.clerkName, linked[i].length)), total };
    },

    /** preview: the report as a credit report, with the full id number and phone; every view is logged. */
    async preview(auth: AuthContext, id: string): Promise<ReportDetail> {
      const row = await repo.get(auth.storeId, id);
      if (!row) throw notFound('报告不存在');
      const r = row.report;
      const phone = pd.open(r.phoneSealed);
      const [devices] = await linkedDevices(auth.storeId, [{ phone, name: r.name }]);
      await logReport(db, auth, 'report-view', r);
      return {
        ...toItem(r, row.clerkName, devices.length),
        id_card: pd.open(r.idCardSealed),
        phone_number: phone,
        // The clerk who added the report is the one who confirmed the hirer's authorisation (authorised_by).
        authorisation: { confirmed_by: row.clerkName ?? '', confirmed_at: r.authorisedAt.toISOString() },
        sections: r.sections,
        linked_devices: devices.map((d) => ({ platform: d.platform, id: d.id, name: d.name })),
      };
    },

    async abnormalList(auth: AuthContext, page: Paging): Promise<ListResponse<AbnormalReportItem>> {
      const { rows, total } = await repo.abnormal(auth.storeId, page);
      return {
        list: rows.map(({ ledger: l, report: r }) => ({
          id: l.id,
          report_id: r.id,
          name: r.name,
          id_card: r.idCardMasked,
          level: r.level,
          amount_fen: l.amountFen,
          reason: l.reason,
          date_created: l.dateCreated.toISOString(),
        })),
        total,
      };
    },

    /** blacklistCheck charges the blacklist price, asks the provider, and refunds if it cannot answer. */
    async blacklistCheck(auth: AuthContext, body: BlacklistCheckRequest): Promise<BlacklistCheckResult> {
      if (!auth.modules.includes(Module.REPORT_BASIC) && !auth.modules.includes(Module.REPORT_ADVANCED)) throw denied('门店未开通报告功能');
      const value = body.type === 0 ? body.id_card : body.phone_number;
      const s = await storeOf(auth);
      const price = discounted(BLACKLIST_LIST_PRICE_FEN, s.discountRate);
      const key = `blacklist:${randomUUID()}`;
      const masked = body.type === 0 ? maskIdCard(value) : maskPhone(value);
      await db.transaction(async (tx) => {
        await ledger.charge(tx, { storeId: auth.storeId, amountFen: price, reason: `黑名单查询 ${masked}`, idempotencyKey: key, clerkId: auth.clerkId });
        await oplog.insertMany(
          [
            {
              storeId: auth.storeId,
              clerkId: auth.clerkId,
              platform: 'store',
              action: 'blacklist-check',
              status: OperationStatus.DONE,
              detail: { type: body.type, value: masked, price_fen: price },
            },
          ],
          tx,
        );
      });
      try {
        const answer = await provider.blacklist({
          orderId: key.slice(10),
          type: body.type,
          value,
          storeId: auth.storeId,
          storeSecret: await deps.storeSecret(auth.storeId),
        });
        return {
          type: body.type,
          value: masked,
          hit: answer.hit,
          records: answer.records,
          price_fen: price,
          balance_fen: await ledger.balance(auth.storeId),
          sandbox: provider.kind === 'sandbox',
        };
      } catch (err) {
        const reason = err instanceof ProviderFailure ? err.message : UNEXPECTED;
        await db.transaction((tx) => ledger.refund(tx, key, auth.storeId, reason));
        throw new AppError('SERVICE_UNAVAILABLE', `${reason}（费用已退回）`);
      }
    },

    /**
     * recoverStuck ends queries a crash left pending (the charge made, no answer recorded): failed, and the
     * latest charge refunded, so no money stays held and the report can be refreshed.
     */
    async recoverStuck(before: Date): Promise<number> {
      const stuck = await db
        .select()
        .from(report)
        .where(and(eq(report.status, 'pending'), lt(report.dateUpdated, before)));
      let n = 0;
      for (const r of stuck) {
        await db.transaction(async (tx) => {
          const [ended] = await tx
            .update(report)
            .set({ status: 'failed', failureReason: STUCK, dateUpdated: new Date() })
            .where(and(eq(report.id, r.id), eq(report.status, 'pending'), eq(report.attempt, r.attempt)))
            .returning({ id: report.id });
          if (!ended) return;
          const [charge] = await tx
            .select()
            .from(reportLedger)
            .where(and(eq(reportLedger.reportId, r.id), eq(reportLedger.kind, 'charge')))
            .orderBy(desc(reportLedger.dateCreated))
            .limit(1);
          if (charge) await ledger.refund(tx, charge.idempotencyKey, r.storeId, STUCK);
          n++;
        });
      }
      return n;
    },

    /** hirerRisk: the latest finished report about a device's hirer (phone and name), for the device detail pages. */
    async hirerRisk(storeId: string, hirer: HirerKey): Promise<HirerRisk | null> {
      if (!hirer.phone) return null;
      const r = (await repo.finishedByPhone(storeId, hirer.phone)).find((x) => sameHirer(hirer, { phone: hirer.phone, name: x.name }));
      if (!r || r.riskLevel === null || r.riskScore === null) return null;
      return { report_id: r.id, report_level: r.level, level: r.riskLevel, score: r.riskScore, date_created: r.dateCreated.toISOString(), sandbox: r.sandbox };
    },
  };
}
export type ReportService = ReturnType<typeof createReportService>;
