import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import { and, count, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PushCertSource, PushCertStatus, PushCertificateView, PushCsrResult, PushVendorSignBody, PushVendorSignResult } from '@lease/shared';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { generateRsaKey } from '../pki/keys.ts';
import { mdmEnrollment } from '../mdm.table.ts';
import { type PushCertificateInfo, type PushCertificateRefusal, certificateMatchesKey, createPushCsr, readPushCertificate } from './push-certificate.ts';
import type { PushCertStore, PushMaterial } from './push-cert-store.ts';
import { type VendorSignRefusal, vendorSignCsr } from './vendor-sign.ts';

const DAY = 86_400_000;
/** PUSH_CERT_WARN_DAYS: the page, the log and every operator's home warn this long before the certificate ends. */
export const PUSH_CERT_WARN_DAYS = 30;

const REFUSAL: Record<PushCertificateRefusal, string> = {
  'not-pem': '无法读取证书：请上传 Apple 推送证书门户下载的 .pem 文件（以 -----BEGIN CERTIFICATE----- 开头）',
  'no-topic': '证书主题中没有 UID（推送主题），这不是 Apple 签发的 MDM 推送证书',
  'not-mdm-topic': '证书的推送主题不是 com.apple.mgmt. 开头，这不是 MDM 推送证书',
  expired: '证书已过期，请上传 Apple 推送证书门户新签发的证书',
};
const VENDOR_REFUSAL: Record<VendorSignRefusal, string> = {
  'no-certificate': '无法读取供应商证书：请上传 PEM 格式的 MDM CSR 签名证书',
  'bad-key': '无法读取供应商私钥：请上传 PEM 格式的 RSA 私钥（加密的私钥请填写密码）',
  'key-mismatch': '供应商私钥与上传的证书不匹配',
  'vendor-expired': '供应商证书已过期，请先在 Apple 开发者网站续期 MDM CSR 签名证书',
};

const daysLeft = (end: Date, now: Date) => Math.floor((end.getTime() - now.getTime()) / DAY);
const viewOf = (info: PushCertificateInfo, now: Date): PushCertificateView => ({
  subject: info.subject,
  topic: info.topic,
  issuer: info.issuer,
  not_before: info.notBefore.toISOString(),
  not_after: info.notAfter.toISOString(),
  days_left: daysLeft(info.notAfter, now),
  fingerprint: info.fingerprint,
});

export interface PushCertEnv {
  /** APNS_CERT_FILE / APNS_KEY_FILE: the operator's certificate set by environment. */
  certFile?: string;
  keyFile?: string;
  /** APNS_AUTH_KEY_FILE + KEY_ID + TEAM_ID (token auth). */
  tokenAuth: boolean;
  /** MDM_TOPIC. */
  topic?: string;
}

/** The change an install made, for the operator audit log (before → after). */
export interface PushCertChange {
  before: { topic: string; not_after: string; fingerprint: string } | null;
  after: { topic: string; not_after: string; fingerprint: string };
}

/**
 * createPushCertService is the operator's side of the APNs push certificate: a CSR with a key kept sealed here, the
 * vendor signature Apple wants on it, the certificate Apple issues for it, and what is in use. The topic is the
 * one rule that cannot bend: a phone only ever accepts pushes on the topic it enrolled with, so a certificate with
 * another topic is refused while phones use the old one (Apple: renew, never create a new certificate).
 */
export function createPushCertService(deps: {
  db: Db;
  store: PushCertStore;
  env: PushCertEnv;
  /** The topic enrolment profiles name now. */
  currentTopic: () => string;
  /** Called after a certificate is installed: swap the APNs client and the topic without a restart. */
  onInstalled: (material: PushMaterial, topic: string) => void;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const now = () => deps.now?.() ?? new Date();
  const envCertificate = (): PushCertificateInfo | undefined => {
    if (!deps.env.certFile) return undefined;
    try {
      const read = readPushCertificate(fs.readFileSync(deps.env.certFile, 'utf8'), null);
      return read.ok ? read.info : undefined;
    } catch {
      return undefined;
    }
  };
  const storedCertificate = (): PushCertificateInfo | undefined => {
    const material = deps.store.installed();
    if (!material) return undefined;
    const read = readPushCertificate(material.certPem, null);
    return read.ok ? read.info : undefined;
  };
  const source = (): PushCertSource => {
    if (deps.env.certFile && deps.env.keyFile) return 'env-certificate';
    if (deps.env.tokenAuth) return 'env-token';
    return deps.store.installed() ? 'stored' : 'none';
  };
  /** The certificate pushes use now (a .p8 token key does not expire: none). */
  const inUse = (): PushCertificateInfo | undefined => {
    const s = source();
    return s === 'env-certificate' ? envCertificate() : s === 'stored' ? storedCertificate() : undefined;
  };

  async function enrolledTopics() {
    const rows = await deps.db
      .select({ topic: mdmEnrollment.topic, devices: count() })
      .from(mdmEnrollment)
      .where(and(eq(mdmEnrollment.released, false), ne(mdmEnrollment.topic, '')))
      .groupBy(mdmEnrollment.topic);
    return rows.map((r) => ({ topic: r.topic, devices: Number(r.devices) })).sort((a, b) => b.devices - a.devices);
  }

  /** warning: the text the page, the log and the operator home show when the certificate in use ends soon. */
  function warning(at = now()): string | null {
    const cert = inUse();
    if (!cert) return null;
    const days = daysLeft(cert.notAfter, at);
    if (days >= PUSH_CERT_WARN_DAYS) return null;
    const when = days < 0 ? `已于 ${-days} 天前过期，Apple 设备已无法被唤醒` : `将在 ${days} 天后（${cert.notAfter.toISOString().slice(0, 10)}）过期`;
    return `MDM 推送证书${when}。请用同一个 Apple ID 在 Apple 推送证书门户对该证书点击“续订”（Renew），不要新建证书，否则所有设备都需要重新接入。`;
  }

  async function status(): Promise<PushCertStatus> {
    const at = now();
    const stored = storedCertificate();
    const env = envCertificate();
    const pending = deps.store.pending();
    const s = source();
    return {
      source: s,
      env_overrides: s === 'env-certificate' || s === 'env-token',
      env_topic: deps.env.topic ?? null,
      current_topic: deps.currentTopic(),
      enrolled_topics: await enrolledTopics(),
      stored: stored ? viewOf(stored, at) : null,
      env_certificate: env ? viewOf(env, at) : null,
      pending_csr: pending ? { csr_pem: pending.csrPem, created_at: pending.createdAt.toISOString() } : null,
      warning: warning(at),
      warn_days: PUSH_CERT_WARN_DAYS,
    };
  }

  function pendingRequest(replace: boolean): PushCsrResult {
    const pending = deps.store.pending();
    if (pending && !replace) return { csr_pem: pending.csrPem, created_at: pending.createdAt.toISOString(), created: false };
    const key = generateRsaKey(2048);
    const csr = createPushCsr(key);
    deps.store.savePending(csr.pem, key.export({ type: 'pkcs8', format: 'pem' }).toString());
    deps.log.info('push certificate: a new CSR was made; its key is sealed in DATA_DIR/keys/push-cert');
    return { csr_pem: csr.pem, created_at: now().toISOString(), created: true };
  }

  return {
    warning,
    enrolledTopics,
    /** inUseEnd: the end of the certificate pushes use, for the expiry watch. */
    inUseEnd: (): Date | undefined => inUse()?.notAfter,

    status,

    /** csr returns the pending request, or makes one (a new key) when there is none or `replace` is set. */
    csr: (replace = false) => pendingRequest(replace),

    /** vendorSign signs the pending CSR (made now if there is none) with the operator's MDM vendor certificate. */
    vendorSign(body: PushVendorSignBody): PushVendorSignResult {
      const csr = pendingRequest(false);
      const der = Buffer.from(csr.csr_pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
      const signed = vendorSignCsr({
        csrDer: der,
        vendorCertPem: body.vendor_certificate_pem,
        vendorKeyPem: body.vendor_key_pem,
        passphrase: body.passphrase,
        now: now(),
      });
      if (!signed.ok) throw new AppError('VALIDATION_FAILED', VENDOR_REFUSAL[signed.reason]);
      return {
        upload_base64: signed.request.uploadBase64,
        file_name: `push-csr-signed-${now().toISOString().slice(0, 10)}.b64`,
        vendor_subject: signed.request.vendorSubject,
        vendor_not_after: signed.request.vendorNotAfter.toISOString(),
      };
    },

    /**
     * accept installs the certificate Apple issued: it must be an MDM push certificate, answer the pending request
     * (or be a renewal for the key already in use), and carry the topic the enrolled phones know.
     */
    async accept(certificatePem: string): Promise<{ status: PushCertStatus; change: PushCertChange }> {
      const read = readPushCertificate(certificatePem, now());
      if (!read.ok) throw new AppError('VALIDATION_FAILED', REFUSAL[read.reason]);
      const info = read.info;
      const pending = deps.store.pending();
      const installed = deps.store.installed();
      let keyPem: string | undefined;
      let fromPending = false;
      if (pending && certificateMatchesKey(info.certPem, createPrivateKey(pending.keyPem))) {
        keyPem = pending.keyPem;
        fromPending = true;
      } else if (installed && certificateMatchesKey(info.certPem, createPrivateKey(installed.keyPem))) {
        keyPem = installed.keyPem;
      }
      if (!keyPem) {
        throw new AppError(
          'VALIDATION_FAILED',
          pending || installed
            ? '证书与本服务器生成的私钥不匹配：请上传用本页生成的 CSR 在 Apple 推送证书门户签发的证书'
            : '本服务器还没有生成推送证书请求（CSR）：请先在本页生成 CSR，再用它向 Apple 申请证书',
        );
      }
      const enrolled = await enrolledTopics();
      const others = enrolled.filter((t) => t.topic !== info.topic);
      if (others.length) {
        const phones = others.reduce((n, t) => n + t.devices, 0);
        throw new AppError(
          'CONFLICT',
          `证书的推送主题为 ${info.topic}，但已接入的 ${phones} 台Apple 设备使用的是 ${others[0].topic}。设备只接受接入时的推送主题：换用这张证书后这些设备全部无法被唤醒，只能逐台抹掉重新接入。请在 Apple 推送证书门户对原证书点击“续订”（Renew）得到主题相同的证书，不要新建证书。`,
        );
      }
      const previous = storedCertificate();
      if (previous && previous.topic !== info.topic) {
        throw new AppError(
          'CONFLICT',
          `证书的推送主题为 ${info.topic}，与当前证书的 ${previous.topic} 不同。续期必须保持主题不变，否则所有已接入和将要接入的设备都会失联；请在 Apple 推送证书门户对原证书点击“续订”（Renew），不要新建证书。`,
        );
      }
      if (deps.env.topic && deps.env.topic !== info.topic) {
        throw new AppError('CONFLICT', `证书的推送主题为 ${info.topic}，与环境变量 MDM_TOPIC（${deps.env.topic}）不同；环境变量优先，这张证书无法使用。`);
      }
      const material = { certPem: info.certPem, keyPem };
      deps.store.install(material, fromPending);
      // Profiles name this topic from now on, unless the environment decides (MDM_TOPIC or APNS_* win).
      if (!deps.env.topic && source() === 'stored') deps.store.rememberTopic(info.topic);
      deps.onInstalled(material, info.topic);
      deps.log.info(
        { topic: info.topic, notAfter: info.notAfter.toISOString(), fingerprint: info.fingerprint, source: source() },
        'push certificate installed',
      );
      const change: PushCertChange = {
        before: previous ? { topic: previous.topic, not_after: previous.notAfter.toISOString(), fingerprint: previous.fingerprint } : null,
        after: { topic: info.topic, not_after: info.notAfter.toISOString(), fingerprint: info.fingerprint },
      };
      return { status: await status(), change };
    },
  };
}
export type PushCertService = ReturnType<typeof createPushCertService>;
