import { z } from 'zod';
import { text } from './safe-input.ts';

/**
 * The platform operator's MDM push certificate. One per server: every store's iPhones are woken
 * through it, and its topic (the subject's UID, com.apple.mgmt.…) may never change while phones are enrolled.
 */

/** Where the APNs client takes its credentials from: environment variables win over the uploaded certificate. */
export type PushCertSource = 'env-certificate' | 'env-token' | 'stored' | 'none';

export interface PushCertificateView {
  subject: string;
  topic: string;
  issuer: string;
  not_before: string;
  not_after: string;
  days_left: number;
  fingerprint: string;
}

export interface PushCertStatus {
  /** Which credentials pushes use right now. */
  source: PushCertSource;
  /** True when APNS_* variables are set: the page then says they win and an upload only takes effect without them. */
  env_overrides: boolean;
  /** MDM_TOPIC when set. */
  env_topic: string | null;
  /** The topic enrolment profiles name now. */
  current_topic: string;
  /** Topics of phones still enrolled (normally one), with how many phones use each. */
  enrolled_topics: { topic: string; devices: number }[];
  /** The certificate uploaded here, if any. */
  stored: PushCertificateView | null;
  /** The certificate of APNS_CERT_FILE, if set and readable. */
  env_certificate: PushCertificateView | null;
  /** A request made here waiting for Apple's certificate. */
  pending_csr: { csr_pem: string; created_at: string } | null;
  /** Set when the certificate in use ends within 30 days (or has ended). */
  warning: string | null;
  warn_days: number;
}

export const pushCsrBody = z
  .object({
    /** Make a new key and request even when one is pending (the pending one's key is then gone). */
    replace: z.boolean().optional(),
  })
  .strict();
export type PushCsrBody = z.infer<typeof pushCsrBody>;

export interface PushCsrResult {
  csr_pem: string;
  created_at: string;
  /** True when this call made it; false when the pending one was returned again. */
  created: boolean;
}

const PEM_MAX = 64 * 1024;
export const pushCertificateBody = z
  .object({
    certificate_pem: text().min(1, '请上传证书').max(PEM_MAX, '证书文件过大'),
  })
  .strict();
export type PushCertificateBody = z.infer<typeof pushCertificateBody>;

export const pushVendorSignBody = z
  .object({
    /** The MDM CSR-signing certificate Apple issued to the vendor, optionally followed by Apple's WWDR and root certificates. */
    vendor_certificate_pem: text().min(1, '请上传供应商证书').max(PEM_MAX, '证书文件过大'),
    vendor_key_pem: text().min(1, '请上传供应商私钥').max(PEM_MAX, '私钥文件过大'),
    passphrase: text().max(256).optional(),
  })
  .strict();
export type PushVendorSignBody = z.infer<typeof pushVendorSignBody>;

export interface PushVendorSignResult {
  /** base64 of the signed plist: save as a file and upload it at identity.apple.com/pushcert. */
  upload_base64: string;
  file_name: string;
  vendor_subject: string;
  vendor_not_after: string;
}
