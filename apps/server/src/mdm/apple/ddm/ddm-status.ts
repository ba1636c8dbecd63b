import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { iosDevice } from '../../../domain/ios-device.table.ts';
import type { Tx } from '../effects/result-effect.ts';
import type { StatusListener, StatusValues } from './ddm-port.ts';
import { DECLARATION_KINDS, type DeclarationKind, canonicalJson } from './ddm-tokens.ts';
import { ddmDeclarationStatus, ddmDevice, ddmStatusItem, ddmStatusReport } from './ddm.table.ts';

/** StatusReport is Apple's protocol/statusreport.yaml: StatusItems nested by the dots of each item's name. */
export interface StatusReport {
  StatusItems: Record<string, unknown>;
  Errors?: unknown[];
  FullReport?: boolean;
}

/** StatusReportError: the Data of a status check-in is not a status report (the route answers 400). */
export class StatusReportError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** parseStatusReport reads the check-in's Data: JSON with a StatusItems dictionary, Errors an array when present. */
export function parseStatusReport(data: unknown): StatusReport {
  if (!Buffer.isBuffer(data) || data.length === 0) throw new StatusReportError('status needs Data');
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    throw new StatusReportError('Data is not JSON');
  }
  if (!isObject(parsed) || !isObject(parsed.StatusItems)) throw new StatusReportError('Data has no StatusItems dictionary');
  if (parsed.Errors !== undefined && !Array.isArray(parsed.Errors)) throw new StatusReportError('Errors must be an array');
  if (parsed.FullReport !== undefined && typeof parsed.FullReport !== 'boolean') throw new StatusReportError('FullReport must be a boolean');
  return parsed as unknown as StatusReport;
}

/** Items whose value is itself a dictionary (status/*.yaml): the walk stops at them instead of splitting their keys. */
const DICTIONARY_ITEMS = new Set([
  'management.client-capabilities',
  'management.declarations',
  'softwareupdate.failure-reason',
  'softwareupdate.install-reason',
  'softwareupdate.pending-version',
  'test.dictionary-value',
]);

/** flattenStatusItems turns `{device: {power: {battery-health: 'normal'}}}` into `{'device.power.battery-health': 'normal'}`. */
export function flattenStatusItems(items: Record<string, unknown>, prefix = '', out: StatusValues = {}): StatusValues {
  for (const [key, value] of Object.entries(items)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isObject(value) && !DICTIONARY_ITEMS.has(path)) flattenStatusItems(value, path, out);
    else out[path] = value;
  }
  return out;
}

/**
 * mergeArrayItem applies an incremental array (mdm.app, app.managed.list…): entries are keyed by `identifier`, a
 * `_removed` entry drops its app. A full report, or an array without identifiers, replaces the whole list.
 */
export function mergeArrayItem(before: unknown, update: unknown[], full: boolean): unknown[] {
  const keyed = update.every((e) => isObject(e) && typeof e.identifier === 'string');
  if (full || !keyed || !Array.isArray(before)) return update.filter((e) => !(isObject(e) && e._removed === true));
  const merged = new Map<string, unknown>();
  for (const e of before) if (isObject(e) && typeof e.identifier === 'string') merged.set(e.identifier, e);
  for (const e of update as Record<string, unknown>[]) {
    if (e._removed === true) merged.delete(e.identifier as string);
    else merged.set(e.identifier as string, e);
  }
  return [...merged.values()];
}

/** BATTERY_HEALTH: device.power.battery-health's rangelist. */
const BATTERY_HEALTH = ['normal', 'service-recommended', 'non-genuine', 'unknown', 'unsupported'];

/** applyToDevice: what the status says about the device record (the console shows it without asking the phone). */
async function applyToDevice(tx: Tx, deviceId: string, changed: StatusValues) {
  const set: Partial<typeof iosDevice.$inferInsert> = {};
  const version = changed['device.operating-system.version'];
  if (typeof version === 'string' && version) set.osVersion = version;
  const health = changed['device.power.battery-health'];
  if (typeof health === 'string' && BATTERY_HEALTH.includes(health)) set.batteryHealth = health;
  if (Object.keys(set).length)
    await tx
      .update(iosDevice)
      .set({ ...set, dateUpdated: new Date() })
      .where(eq(iosDevice.id, deviceId));
}

/** STATUS_KEY: where management.declarations lists each kind. */
const STATUS_KEY: Record<DeclarationKind, string> = { activation: 'activations', configuration: 'configurations', asset: 'assets', management: 'management' };

/** storeDeclarationStatus replaces the phone's declaration states with `management.declarations` (always complete). */
async function storeDeclarationStatus(tx: Tx, deviceId: string, value: unknown) {
  if (!isObject(value)) return;
  const rows = DECLARATION_KINDS.flatMap((kind) => {
    const list = value[STATUS_KEY[kind]];
    return (Array.isArray(list) ? list : []).filter(isObject).map((d) => ({
      deviceId,
      identifier: String(d.identifier ?? ''),
      kind,
      serverToken: String(d['server-token'] ?? ''),
      active: d.active === true,
      valid: typeof d.valid === 'string' ? d.valid : 'unknown',
      reasons: Array.isArray(d.reasons) ? (d.reasons.filter(isObject) as Record<string, unknown>[]) : null,
      dateUpdated: new Date(),
    }));
  }).filter((r) => r.identifier);
  await tx.delete(ddmDeclarationStatus).where(eq(ddmDeclarationStatus.deviceId, deviceId));
  if (rows.length) await tx.insert(ddmDeclarationStatus).values(rows).onConflictDoNothing();
}

/**
 * storeStatusReport keeps a report in the caller's transaction: the raw report, the new value of every item it
 * carries (an incremental report leaves the others as they were; a full one replaces them all), the declarations'
 * states, the device record's OS version and battery health; then the listeners with only the items that changed.
 */
export async function storeStatusReport(tx: Tx, deviceId: string, report: StatusReport, listeners: StatusListener[]): Promise<StatusValues> {
  const full = report.FullReport === true;
  const incoming = flattenStatusItems(report.StatusItems);
  const paths = Object.keys(incoming);
  const before = new Map<string, unknown>();
  if (paths.length) {
    const rows = await tx
      .select({ path: ddmStatusItem.path, value: ddmStatusItem.value })
      .from(ddmStatusItem)
      .where(and(eq(ddmStatusItem.deviceId, deviceId), inArray(ddmStatusItem.path, paths)));
    for (const r of rows) before.set(r.path, r.value.v);
  }
  const changed: StatusValues = {};
  for (const [path, value] of Object.entries(incoming)) {
    const next = Array.isArray(value) ? mergeArrayItem(before.get(path), value, full) : value;
    if (!before.has(path) || canonicalJson(before.get(path)) !== canonicalJson(next)) changed[path] = next;
  }
  const now = new Date();
  const upserts = Object.entries(changed).map(([path, value]) => ({ deviceId, path, value: { v: value ?? null }, dateUpdated: now }));
  if (upserts.length) {
    await tx
      .insert(ddmStatusItem)
      .values(upserts)
      .onConflictDoUpdate({ target: [ddmStatusItem.deviceId, ddmStatusItem.path], set: { value: sql`excluded.value`, dateUpdated: now } });
  }
  if (full && paths.length) await tx.delete(ddmStatusItem).where(and(eq(ddmStatusItem.deviceId, deviceId), notInArray(ddmStatusItem.path, paths)));
  if ('management.declarations' in changed) await storeDeclarationStatus(tx, deviceId, changed['management.declarations']);
  await applyToDevice(tx, deviceId, changed);
  await tx
    .insert(ddmDevice)
    .values({ deviceId, lastStatusAt: now })
    .onConflictDoUpdate({ target: ddmDevice.deviceId, set: { lastStatusAt: now } });
  await tx.insert(ddmStatusReport).values({ deviceId, report: report as unknown as Record<string, unknown>, receivedAt: now });
  if (Object.keys(changed).length) for (const listener of listeners) await listener(tx, deviceId, changed);
  return changed;
}

/** statusValues reads a phone's latest value of every status item. */
export async function statusValues(db: Pick<Tx, 'select'>, deviceId: string): Promise<StatusValues> {
  const rows = await db.select({ path: ddmStatusItem.path, value: ddmStatusItem.value }).from(ddmStatusItem).where(eq(ddmStatusItem.deviceId, deviceId));
  return Object.fromEntries(rows.map((r) => [r.path, r.value.v]));
}

/** REPORT_RETENTION: raw reports are kept 7 days, and at most the newest 50 of a phone. */
export const REPORT_RETENTION = { days: 7, perDevice: 50 } as const;

/** pruneStatusReports applies REPORT_RETENTION; returns how many reports went. */
export async function pruneStatusReports(db: Pick<Tx, 'execute'>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REPORT_RETENTION.days * 86_400_000);
  const result = await db.execute(sql`
    delete from ddm_status_report where id in (
      select id from ddm_status_report where received_at < ${cutoff}
      union
      select id from (
        select id, row_number() over (partition by device_id order by received_at desc, id desc) as n from ddm_status_report
        where device_id in (select device_id from ddm_status_report group by device_id having count(*) > ${REPORT_RETENTION.perDevice})
      ) ranked where n > ${REPORT_RETENTION.perDevice})
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
