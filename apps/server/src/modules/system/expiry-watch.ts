import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ExpiryWarning } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { abmServer } from '../abm/abm.table.ts';
import { store } from '../../domain/store.table.ts';
import type { IdentityRenewal } from '../../mdm/apple/identity-renewal.ts';
import type { MdmKeys } from '../../mdm/apple/mdm-keys.ts';

const DAY = 86_400_000;
/** WARN_DAYS: the console and the daily log line warn this long before anything ends. */
export const WARN_DAYS = 30;

const daysLeft = (end: Date, now: Date) => Math.floor((end.getTime() - now.getTime()) / DAY);
const ends = (days: number) => (days < 0 ? `已于 ${-days} 天前过期` : `将在 ${days} 天后过期`);

/** readCertificateEnd reads a PEM certificate's notAfter, or undefined when the file is missing or unreadable. */
function readCertificateEnd(file: string | undefined): Date | undefined {
  if (!file) return undefined;
  try {
    return new Date(new X509Certificate(fs.readFileSync(file)).validTo);
  } catch {
    return undefined;
  }
}

/**
 * createExpiryWatch watches what the phones' management depends on: our device CA, the APNs push certificate
 * (a .p8 token key does not expire), each store's ABM server token, and phones whose identity renewal went
 * unanswered. warnings() feeds the console; the daily job writes the same to the server log.
 */
export function createExpiryWatch(deps: {
  db: Db;
  keys: MdmKeys;
  apnsCertFile?: string;
  /** The end of the push certificate in use (environment or operator upload), read on each call: it can be replaced live. */
  pushCertEnd?: () => Date | undefined;
  renewal: IdentityRenewal;
  log: FastifyBaseLogger;
}) {
  const fileEnd = readCertificateEnd(deps.apnsCertFile);

  async function warnings(storeId?: string): Promise<ExpiryWarning[]> {
    const now = new Date();
    const soon = new Date(now.getTime() + WARN_DAYS * DAY);
    const out: ExpiryWarning[] = [];
    const caEnd = new Date(deps.keys.ca.cert.validTo);
    if (caEnd < soon) {
      const days = daysLeft(caEnd, now);
      out.push({
        kind: 'mdm-ca',
        expires_at: caEnd.toISOString(),
        days_left: days,
        message: `设备管理 CA 证书${ends(days)}，过期后所有Apple 设备都无法再被管理。`,
      });
    }
    const apnsEnd = deps.pushCertEnd?.() ?? fileEnd;
    if (apnsEnd && apnsEnd < soon) {
      const days = daysLeft(apnsEnd, now);
      out.push({
        kind: 'apns-certificate',
        expires_at: apnsEnd.toISOString(),
        days_left: days,
        message: `APNs 推送证书${ends(days)}，请在 Apple 推送证书门户续期（不要新建，否则设备需重新接入）。`,
      });
    }
    const tokens = await deps.db
      .select({ storeId: abmServer.storeId, storeName: store.storeName, end: abmServer.accessTokenExpiry })
      .from(abmServer)
      .innerJoin(store, eq(store.id, abmServer.storeId))
      .where(and(isNotNull(abmServer.accessTokenExpiry), lt(abmServer.accessTokenExpiry, soon), storeId ? eq(abmServer.storeId, storeId) : undefined));
    for (const token of tokens) {
      const days = daysLeft(token.end as Date, now);
      out.push({
        kind: 'abm-token',
        expires_at: (token.end as Date).toISOString(),
        days_left: days,
        message: `门店「${token.storeName}」的 ABM 服务器令牌${ends(days)}，请在 Apple 商务管理下载新令牌后上传。`,
      });
    }
    const unanswered = await deps.renewal.unanswered(storeId);
    if (unanswered.length) {
      const first = unanswered[0].identityNotAfter;
      const days = daysLeft(first, now);
      out.push({
        kind: 'identity-renewal',
        expires_at: first.toISOString(),
        days_left: days,
        message: `${unanswered.length} 台Apple 设备未响应设备身份证书续期，最早一台${ends(days)}；请让设备联网开机，过期后将无法再被管理。`,
        devices: unanswered.map((u) => ({ id: u.deviceId, serial_number: u.serialNumber })),
      });
    }
    return out;
  }

  return {
    warnings,
    /** job writes one log line a day: each warning, or that nothing ends within WARN_DAYS. */
    job: (): Job => ({
      name: 'mdm-expiry-watch',
      everyMs: DAY,
      run: async () => {
        const list = await warnings();
        for (const w of list)
          deps.log.warn({ kind: w.kind, expiresAt: w.expires_at, daysLeft: w.days_left, devices: w.devices?.length }, `expiry watch: ${w.message}`);
        if (list.length === 0)
          deps.log.info(
            { warnDays: WARN_DAYS },
            'expiry watch: CA, APNs certificate, ABM tokens and device identities are all valid beyond the warning window',
          );
        return list.length;
      },
    }),
  };
}
export type ExpiryWatch = ReturnType<typeof createExpiryWatch>;
