import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { type ListResponse, Module, type Paging, type RiskAlertItem, maskPhone } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import { type CreditProvider, ProviderFailure } from '../../adapters/credit/credit-provider.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { store } from '../../domain/store.table.ts';
import { emitDeviceEvent } from '../../domain/webhook-outbox.ts';
import { hirerDevices } from './hirer-devices.ts';
import type { Ledger } from './ledger.ts';
import type { PersonalData } from './personal-data.ts';
import { BLACKLIST_LIST_PRICE_FEN, discounted } from './report-prices.ts';
import { riskWatchHit, riskWatchRun } from './report.table.ts';

const HOUR = 3_600_000;

export interface RiskWatchDeps {
  db: Db;
  ledger: Ledger;
  pd: PersonalData;
  provider: CreditProvider;
  storeSecret: (storeId: string) => Promise<string | null>;
  intervalHours: number;
  now?: () => Date;
}

/**
 * Early access (抢先体验): a scheduled blacklist re-check of the hirers of phones currently leased. Each
 * check spends the blacklist price through the ledger (stopping when the balance runs out); a hirer who
 * newly appears raises a home alert and the device.hirer_blacklisted webhook, once per device and hirer.
 */
export function createRiskWatch(deps: RiskWatchDeps) {
  const { db, ledger, pd, provider } = deps;
  const now = deps.now ?? (() => new Date());

  /** claim takes the store's run for this interval; another process (or a restart) finds it taken. */
  async function claim(storeId: string, at: Date) {
    const cutoff = new Date(at.getTime() - deps.intervalHours * HOUR);
    const rows = await db
      .insert(riskWatchRun)
      .values({ storeId, lastRunAt: at })
      .onConflictDoUpdate({ target: riskWatchRun.storeId, set: { lastRunAt: at }, setWhere: lt(riskWatchRun.lastRunAt, cutoff) })
      .returning();
    return rows.length > 0;
  }

  async function runStore(storeId: string, discountRate: string, at: Date) {
    const devices = await hirerDevices(db, storeId, null, true);
    const phones = [...new Set(devices.map((d) => d.phone))];
    const price = discounted(BLACKLIST_LIST_PRICE_FEN, discountRate);
    const secret = await deps.storeSecret(storeId);
    let checked = 0;
    let alerts = 0;
    let stopped: string | null = null;
    for (const phone of phones) {
      const hash = pd.hash(phone);
      const key = `watch:${at.toISOString()}:${hash}`;
      try {
        await db.transaction((tx) => ledger.charge(tx, { storeId, amountFen: price, reason: `抢先体验黑名单复查 ${maskPhone(phone)}`, idempotencyKey: key }));
      } catch (err) {
        if (err instanceof AppError && err.code === 'QUOTA_EXCEEDED') {
          stopped = '余额不足';
          break;
        }
        throw err;
      }
      let answer;
      try {
        answer = await provider.blacklist({ orderId: key, type: 1, value: phone, storeId, storeSecret: secret });
      } catch (err) {
        await db.transaction((tx) => ledger.refund(tx, key, storeId, err instanceof ProviderFailure ? err.message : '黑名单服务出错'));
        continue;
      }
      checked++;
      if (!answer.hit) continue;
      const first = answer.records[0];
      const reason = first ? `${first.source}：${first.reason}` : '命中黑名单';
      for (const d of devices.filter((x) => x.phone === phone)) {
        await db.transaction(async (tx) => {
          const inserted = await tx
            .insert(riskWatchHit)
            .values({
              storeId,
              platform: d.platform,
              deviceId: d.id,
              phoneHash: hash,
              hirerName: d.hirerName,
              phoneMasked: maskPhone(phone),
              reason,
              sandbox: provider.kind === 'sandbox',
            })
            .onConflictDoNothing()
            .returning({ id: riskWatchHit.id });
          if (!inserted.length) return;
          alerts++;
          await emitDeviceEvent(tx, {
            storeId,
            type: 'device.hirer_blacklisted',
            platform: d.platform,
            deviceId: d.id,
            data: { reason, source: first?.source ?? '', sandbox: provider.kind === 'sandbox' },
          });
        });
      }
    }
    await db.update(riskWatchRun).set({ watchedHirers: phones.length }).where(eq(riskWatchRun.storeId, storeId));
    return { storeId, hirers: phones.length, checked, alerts, stopped };
  }

  return {
    /** run re-checks every early-access store whose interval has passed. */
    async run() {
      const at = now();
      const stores = await db.select({ id: store.id, discountRate: store.discountRate }).from(store).where(sql`${Module.EARLY_ACCESS} = any(${store.modules})`);
      const results = [];
      for (const s of stores) if (await claim(s.id, at)) results.push(await runStore(s.id, s.discountRate, at));
      return results;
    },

    async alerts(auth: AuthContext, page: Paging): Promise<ListResponse<RiskAlertItem>> {
      const where = eq(riskWatchHit.storeId, auth.storeId);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select()
          .from(riskWatchHit)
          .where(where)
          .orderBy(desc(riskWatchHit.dateCreated), desc(riskWatchHit.id))
          .limit(page.page_size)
          .offset(page.page_num * page.page_size),
        db.select({ n: count() }).from(riskWatchHit).where(where),
      ]);
      const names = new Map((await hirerDevices(db, auth.storeId, null)).map((d) => [`${d.platform}:${d.id}`, d.name]));
      return {
        list: rows.map((r) => ({
          id: r.id,
          platform: r.platform,
          device_id: r.deviceId,
          device_name: names.get(`${r.platform}:${r.deviceId}`) ?? '',
          hirer_name: r.hirerName,
          hirer_phone_number: r.phoneMasked,
          reason: r.reason,
          sandbox: r.sandbox,
          date_created: r.dateCreated.toISOString(),
        })),
        total: n,
      };
    },

    /** overview: the home panel's early-access line. */
    async overview(storeId: string) {
      const [run] = await db.select().from(riskWatchRun).where(eq(riskWatchRun.storeId, storeId));
      const [{ n }] = await db
        .select({ n: count() })
        .from(riskWatchHit)
        .where(and(eq(riskWatchHit.storeId, storeId), gte(riskWatchHit.dateCreated, new Date(now().getTime() - 7 * 24 * HOUR))));
      return { last_run_at: run?.lastRunAt.toISOString() ?? null, watched_hirers: run?.watchedHirers ?? 0, new_alerts_7d: n };
    },
  };
}
export type RiskWatch = ReturnType<typeof createRiskWatch>;

export const riskWatchJob = (watch: RiskWatch): Job => ({ name: 'report-risk-watch', everyMs: 10 * 60_000, run: () => watch.run() });
