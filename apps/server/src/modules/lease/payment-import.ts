import { and, eq, inArray } from 'drizzle-orm';
import { OperationStatus, type PaymentImportResult, type PaymentImportRow, UUID_RE } from '@lease/shared';
import { operationLog } from '../../domain/operation-log.table.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import { recordEvaluation } from './lease-evaluation.ts';
import type { LeaseRunDeps } from './lease-watch.ts';
import { scopeOf } from './lease-scope.ts';
import { leaseLedger } from './lease.table.ts';
import { type CsvPayment, readPayments } from './payment-csv.ts';

/** A row with a reference gets a key, so importing one file twice records its payments once. */
const keyOf = (planId: string, reference: string) => (reference ? `csv:${planId}:${reference}` : null);

/**
 * createPaymentImport records a CSV of payments all or nothing: every row is checked first (its plan found in
 * the caller's store, its reference not recorded before), and only a file without a bad row is applied, in one
 * transaction, the plans evaluated in it and their steps run after.
 */
export function createPaymentImport(deps: LeaseRunDeps) {
  const { db, repo } = deps;

  async function resolve(auth: AuthContext, p: CsvPayment) {
    if (p.planId) {
      if (!UUID_RE.test(p.planId)) return null;
      return repo.find(db, scopeOf(auth), p.planId);
    }
    return repo.findByDeviceKey(scopeOf(auth), p.serial, p.imei);
  }

  return async function importPayments(auth: AuthContext, csv: string, dryRun: boolean): Promise<PaymentImportResult> {
    const { rows, headerError } = readPayments(csv);
    if (headerError) throw new AppError('VALIDATION_FAILED', headerError, [{ field: 'csv', message: headerError }]);
    const checked: (PaymentImportRow & { payment?: CsvPayment })[] = [];
    const seenKeys = new Set<string>();
    for (const row of rows) {
      if ('error' in row) {
        checked.push({ line: row.line, ok: false, message: row.error, plan_id: null, amount_fen: null });
        continue;
      }
      const found = await resolve(auth, row);
      if (!found) {
        checked.push({
          line: row.line,
          ok: false,
          message: '找不到对应的分期计划（计划不存在、已取消，或序列号/IMEI 对应多台设备）',
          plan_id: null,
          amount_fen: row.amountFen,
        });
        continue;
      }
      const key = keyOf(found.plan.id, row.reference);
      if (key && seenKeys.has(key)) {
        checked.push({ line: row.line, ok: false, message: `流水号 ${row.reference} 在文件中重复`, plan_id: found.plan.id, amount_fen: row.amountFen });
        continue;
      }
      if (key) seenKeys.add(key);
      checked.push({
        line: row.line,
        ok: true,
        message: '可导入',
        plan_id: found.plan.id,
        amount_fen: row.amountFen,
        payment: { ...row, planId: found.plan.id },
      });
    }
    if (seenKeys.size) {
      const recorded = await db
        .select({ key: leaseLedger.idempotencyKey })
        .from(leaseLedger)
        .where(and(eq(leaseLedger.storeId, auth.storeId), inArray(leaseLedger.idempotencyKey, [...seenKeys])));
      const already = new Set(recorded.map((r) => r.key));
      for (const row of checked)
        if (row.payment && already.has(keyOf(row.payment.planId, row.payment.reference) ?? ''))
          Object.assign(row, { ok: false, message: `流水号 ${row.payment.reference} 已登记过` });
    }
    const strip = () => checked.map(({ payment: _p, ...row }) => row);
    if (dryRun || checked.some((r) => !r.ok)) return { applied: false, rows: strip() };

    const store = await deps.storeTerms(auth.storeId);
    if (!store) throw new AppError('NOT_FOUND', '门店不存在');
    const planIds = [...new Set(checked.map((r) => r.plan_id as string))];
    const wake = await db.transaction(async (tx) => {
      for (const { payment: p } of checked) {
        if (!p) continue;
        const plan = await repo.lockPlan(tx, p.planId);
        if (!plan || plan.cancelledAt) throw new AppError('CONFLICT', `第 ${p.line} 行的分期计划已取消，未导入任何还款`);
        await tx.insert(leaseLedger).values({
          storeId: auth.storeId,
          planId: p.planId,
          source: 'csv',
          amountFen: p.amountFen,
          method: p.method,
          reference: p.reference,
          paidAt: p.paidAt ?? deps.now(),
          clerkId: auth.clerkId,
          idempotencyKey: keyOf(p.planId, p.reference),
        });
        await tx.insert(operationLog).values({
          storeId: auth.storeId,
          clerkId: auth.clerkId,
          platform: plan.platform,
          deviceId: plan.deviceId,
          action: 'lease-payment',
          status: OperationStatus.DONE,
          detail: { plan_id: plan.id, amount_fen: p.amountFen, method: p.method, reference: p.reference, source: 'csv' },
          result: `收款 ¥${(p.amountFen / 100).toFixed(2)}（CSV 导入）`,
        });
      }
      const ids: string[] = [];
      for (const id of planIds) {
        const plan = await repo.lockPlan(tx, id);
        if (!plan) continue;
        const { wakeAndroid } = await recordEvaluation(tx, repo, plan, store, deps.now());
        if (wakeAndroid) ids.push(wakeAndroid);
      }
      return ids;
    });
    if (wake.length) deps.wakeAndroid(wake);
    for (const id of planIds) await deps.steps.run({ planId: id });
    return { applied: true, rows: strip().map((r) => ({ ...r, message: '已导入' })) };
  };
}
export type PaymentImport = ReturnType<typeof createPaymentImport>;
