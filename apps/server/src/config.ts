import path from 'node:path';
import { z } from 'zod';
import type { SmsCodePurpose } from '@lease/shared';

const bool = z.enum(['0', '1', 'true', 'false', '']).transform((v) => v === '1' || v === 'true');

/** ConfigSchema is DESIGN §3's environment, each variable with a working default. */
const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback by default: the demo (dev tools, simulated phones) is for this machine; a server others reach sets HOST. */
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  IDENTITY_RENEWAL_DAYS: z.coerce.number().int().min(7).max(300).default(60),
  WEB_DIST: z.string().optional(),
  DEMO_ADMIN_PHONE: z.string().optional(),
  DEMO_ADMIN_PASSWORD: z.string().optional(),
  DEMO_STORE: bool.optional(),
  DEMO_DEVICES: z.coerce.number().int().min(0).max(5).default(3),
  /** Dev tools (/system/dev, /api/dev/*, the SMS outbox) only when set explicitly; never derived from NODE_ENV. */
  DEV_TOOLS: bool.optional(),
  NODE_ENV: z.string().default('development'),
  LOG_LEVEL: z.string().default('info'),
  /** `failed`: a console request logs (at info) only when it fails; `npm start` (the demo) sets it. */
  LOG_REQUESTS: z.enum(['all', 'failed']).default('all'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  LOGIN_IP_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  LOGIN_ACCOUNT_FAILURES_PER_HOUR: z.coerce.number().int().positive().default(100),
  FLOW_BILL_URL: z.string().url().optional(),
  AMAP_KEY: z.string().optional(),
  AMAP_SECURITY_CODE: z.string().optional(),
  AMAP_SERVICE_KEY: z.string().optional(),
  AMAP_ORIGIN: z.string().url().optional(),
  /** iTunes Search API origin (https://itunes.apple.com, or the local stand-in); unset = no online app search. */
  ITUNES_ORIGIN: z.string().url().optional(),
  /** Apple's software lookup service (https://gdmf.apple.com, or the local stand-in); unset = the built-in offline iOS release list. */
  SOFTWARE_LOOKUP_ORIGIN: z.string().url().optional(),
  TRUST_PROXY: bool.optional(),
  /** Lets webhook callback URLs point at loopback/private addresses (tests, closed networks); off by default against SSRF. */
  WEBHOOK_ALLOW_PRIVATE: bool.optional(),
  MDM_TOPIC: z
    .string()
    .regex(/^com\.apple\.mgmt\./, 'MDM_TOPIC must start with com.apple.mgmt.')
    .optional(),
  APNS_ORIGIN: z.string().url().default('https://api.push.apple.com'),
  APNS_CERT_FILE: z.string().optional(),
  APNS_KEY_FILE: z.string().optional(),
  APNS_AUTH_KEY_FILE: z.string().optional(),
  APNS_KEY_ID: z.string().optional(),
  APNS_TEAM_ID: z.string().optional(),
  /** Apple's Device Assignment (ABM/DEP) service; tests point it at the stand-in. Stores without a server token use no service at all. */
  DEP_ORIGIN: z.string().url().default('https://mdmenrollment.apple.com'),
  /**
   * Apple's escrow-key unlock service (turn off Activation Lock). It authenticates with the MDM push certificate as
   * TLS client certificate: ACTIVATION_LOCK_CERT_FILE/KEY_FILE, else APNS_CERT_FILE/KEY_FILE; neither = not configured.
   * ACTIVATION_LOCK_CA_FILE trusts a local stand-in's certificate.
   */
  ACTIVATION_LOCK_ORIGIN: z.string().url().default('https://deviceservices-external.apple.com'),
  ACTIVATION_LOCK_CERT_FILE: z.string().optional(),
  ACTIVATION_LOCK_KEY_FILE: z.string().optional(),
  ACTIVATION_LOCK_CA_FILE: z.string().optional(),
  /** SMS gateway: `aliyun` (dysms) or `tencent`; unset = none (codes go to the outbox only with DEV_TOOLS=1). */
  SMS_PROVIDER: z.enum(['aliyun', 'tencent', '']).optional(),
  SMS_ACCESS_KEY_ID: z.string().optional(),
  SMS_ACCESS_KEY_SECRET: z.string().optional(),
  SMS_SIGN_NAME: z.string().optional(),
  /** Tencent only: the SMS application's SdkAppId. */
  SMS_SDK_APP_ID: z.string().optional(),
  /** Gateway origin; defaults to the provider's public endpoint (tests point it at the stand-in). */
  SMS_ORIGIN: z.string().url().optional(),
  SMS_REGION: z.string().optional(),
  SMS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  SMS_TEMPLATE_REGISTER: z.string().optional(),
  SMS_TEMPLATE_RESET_PASSWORD: z.string().optional(),
  SMS_TEMPLATE_CLERK_NEW: z.string().optional(),
  SMS_TEMPLATE_UPDATE_PASSWORD: z.string().optional(),
  SMS_TEMPLATE_SENSITIVE: z.string().optional(),
  /**
   * Optional, unlike the code templates: the lease reminder template (variables name, amount, due_date, days,
   * store, phone). Without it a configured gateway sends no reminders and says SMS_NOT_CONFIGURED.
   */
  SMS_TEMPLATE_LEASE_REMINDER: z.string().optional(),
  /** Days a hirer's enrolment link (/enroll/{code}) stays usable after the console hands it out. */
  ENROLL_LINK_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Credit-report vendor (docs/report-provider.md); unset = the offline sandbox provider (沙箱数据). */
  REPORT_PROVIDER_ORIGIN: z.string().url().optional(),
  REPORT_PROVIDER_ACCOUNT: z.string().optional(),
  REPORT_PROVIDER_SECRET: z.string().optional(),
  /** Secret the vendor signs its RCS callbacks with; defaults to REPORT_PROVIDER_SECRET. */
  REPORT_PROVIDER_CALLBACK_SECRET: z.string().optional(),
  REPORT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  REPORT_PROVIDER_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  REPORT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** Early access: hours between blacklist re-checks of a store's active hirers. */
  REPORT_WATCH_INTERVAL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** Prometheus /metrics on its own port (loopback by default); unset and without METRICS_TOKEN, there is no /metrics. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Serves /metrics on the main port to `Authorization: Bearer <token>`; at least 16 characters. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /**
   * PostgreSQL pool: connections per server process, and how long a request waits for a new connection or for a
   * statement's answer (ms) before it is answered 503; the console gives up on a call after 10 s anyway.
   */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** How long SIGTERM waits for requests and jobs in flight before giving up (ms). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /**
   * Caps every periodic job's interval (ms). Unset in production; the cluster test runs each job every second on
   * every node, so that the nodes race for the same due items while they come and go.
   */
  JOB_INTERVAL_MAX_MS: z.coerce.number().int().min(100).max(86_400_000).optional(),
  /** Days a finished MDM or agent command is kept (the operation log keeps the store's account for good). */
  COMMAND_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
});

/** SmsTemplates names each purpose's approved template; only the lease reminder's may be missing. */
export type SmsTemplates = Record<SmsCodePurpose, string> & { 'lease-reminder'?: string };

/** smsGatewayOf reads the SMS gateway settings; a provider with missing settings fails start-up with their names. */
function smsGatewayOf(p: z.infer<typeof ConfigSchema>) {
  if (!p.SMS_PROVIDER) return null;
  const templates = {
    register: p.SMS_TEMPLATE_REGISTER,
    'reset-password': p.SMS_TEMPLATE_RESET_PASSWORD,
    'clerk-new': p.SMS_TEMPLATE_CLERK_NEW,
    'update-password': p.SMS_TEMPLATE_UPDATE_PASSWORD,
    sensitive: p.SMS_TEMPLATE_SENSITIVE,
  } satisfies Record<SmsCodePurpose, string | undefined>;
  const required: Record<string, string | undefined> = {
    SMS_ACCESS_KEY_ID: p.SMS_ACCESS_KEY_ID,
    SMS_ACCESS_KEY_SECRET: p.SMS_ACCESS_KEY_SECRET,
    SMS_SIGN_NAME: p.SMS_SIGN_NAME,
    SMS_TEMPLATE_REGISTER: templates.register,
    SMS_TEMPLATE_RESET_PASSWORD: templates['reset-password'],
    SMS_TEMPLATE_CLERK_NEW: templates['clerk-new'],
    SMS_TEMPLATE_UPDATE_PASSWORD: templates['update-password'],
    SMS_TEMPLATE_SENSITIVE: templates.sensitive,
    ...(p.SMS_PROVIDER === 'tencent' ? { SMS_SDK_APP_ID: p.SMS_SDK_APP_ID } : {}),
  };
  const missing = Object.keys(required).filter((k) => !required[k]);
  if (missing.length) throw new Error(`SMS_PROVIDER=${p.SMS_PROVIDER} needs ${missing.join(', ')}`);
  return {
    provider: p.SMS_PROVIDER,
    accessKeyId: p.SMS_ACCESS_KEY_ID!,
    accessKeySecret: p.SMS_ACCESS_KEY_SECRET!,
    signName: p.SMS_SIGN_NAME!,
    sdkAppId: p.SMS_SDK_APP_ID ?? '',
    origin: p.SMS_ORIGIN,
    region: p.SMS_REGION,
    timeoutMs: p.SMS_TIMEOUT_MS,
    templates: { ...templates, 'lease-reminder': p.SMS_TEMPLATE_LEASE_REMINDER || undefined } as SmsTemplates,
  };
}
export type SmsGatewayConfig = NonNullable<ReturnType<typeof smsGatewayOf>>;

export type Config = ReturnType<typeof loadConfig>;

/** loadConfig reads the environment once; tests pass overrides instead of touching process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = ConfigSchema.parse(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  const isProduction = parsed.NODE_ENV === 'production';
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    databaseUrl: parsed.DATABASE_URL || undefined,
    publicUrl: parsed.PUBLIC_URL,
    webDist: parsed.WEB_DIST ? path.resolve(parsed.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
    demo: {
      enabled: parsed.DEMO_STORE ?? true,
      adminPhone: parsed.DEMO_ADMIN_PHONE,
      adminPassword: parsed.DEMO_ADMIN_PASSWORD,
      devices: parsed.DEMO_DEVICES,
    },
    devTools: parsed.DEV_TOOLS ?? false,
    smsGateway: smsGatewayOf(parsed),
    isProduction,
    logLevel: parsed.LOG_LEVEL,
    logRequests: parsed.LOG_REQUESTS,
    trustProxy: parsed.TRUST_PROXY ?? false,
    webhookAllowPrivate: parsed.WEBHOOK_ALLOW_PRIVATE ?? false,
    auth: {
      accessTokenTtlSeconds: parsed.ACCESS_TOKEN_TTL_SECONDS,
      sessionIdleMinutes: parsed.SESSION_IDLE_MINUTES,
      sessionAbsoluteHours: parsed.SESSION_ABSOLUTE_HOURS,
      loginIpLimitPerMinute: parsed.LOGIN_IP_LIMIT_PER_MINUTE,
      loginAccountFailuresPerHour: parsed.LOGIN_ACCOUNT_FAILURES_PER_HOUR,
    },
    links: { flowBillUrl: parsed.FLOW_BILL_URL ?? null },
    amapKey: parsed.AMAP_KEY ?? null,
    amapSecurityCode: parsed.AMAP_SECURITY_CODE ?? null,
    amapService: parsed.AMAP_SERVICE_KEY ? { key: parsed.AMAP_SERVICE_KEY, origin: parsed.AMAP_ORIGIN } : null,
    itunesOrigin: parsed.ITUNES_ORIGIN ?? null,
    softwareLookupOrigin: parsed.SOFTWARE_LOOKUP_ORIGIN ?? null,
    dep: { origin: parsed.DEP_ORIGIN },
    activationLock: {
      origin: parsed.ACTIVATION_LOCK_ORIGIN,
      certFile: parsed.ACTIVATION_LOCK_CERT_FILE ?? parsed.APNS_CERT_FILE,
      keyFile: parsed.ACTIVATION_LOCK_CERT_FILE ? parsed.ACTIVATION_LOCK_KEY_FILE : parsed.APNS_KEY_FILE,
      caFile: parsed.ACTIVATION_LOCK_CA_FILE,
    },
    mdm: { topic: parsed.MDM_TOPIC, renewalWindowDays: parsed.IDENTITY_RENEWAL_DAYS },
    enrollLinkTtlDays: parsed.ENROLL_LINK_TTL_DAYS,
    report: {
      provider:
        parsed.REPORT_PROVIDER_ORIGIN && parsed.REPORT_PROVIDER_SECRET
          ? {
              origin: parsed.REPORT_PROVIDER_ORIGIN,
              account: parsed.REPORT_PROVIDER_ACCOUNT ?? 'default',
              secret: parsed.REPORT_PROVIDER_SECRET,
              timeoutMs: parsed.REPORT_PROVIDER_TIMEOUT_MS,
              retries: parsed.REPORT_PROVIDER_RETRIES,
            }
          : null,
      callbackSecret: parsed.REPORT_PROVIDER_CALLBACK_SECRET ?? parsed.REPORT_PROVIDER_SECRET ?? null,
      retentionDays: parsed.REPORT_RETENTION_DAYS,
      watchIntervalHours: parsed.REPORT_WATCH_INTERVAL_HOURS,
    },
    metrics: { port: parsed.METRICS_PORT, host: parsed.METRICS_HOST, token: parsed.METRICS_TOKEN || undefined },
    shutdownTimeoutMs: parsed.SHUTDOWN_TIMEOUT_MS,
    jobIntervalMaxMs: parsed.JOB_INTERVAL_MAX_MS ?? null,
    commandRetentionDays: parsed.COMMAND_RETENTION_DAYS,
    dbPool: { max: parsed.DB_POOL_MAX, connectTimeoutMs: parsed.DB_CONNECT_TIMEOUT_MS, queryTimeoutMs: parsed.DB_QUERY_TIMEOUT_MS },
    apns: {
      configured: Boolean((parsed.APNS_CERT_FILE && parsed.APNS_KEY_FILE) || (parsed.APNS_AUTH_KEY_FILE && parsed.APNS_KEY_ID && parsed.APNS_TEAM_ID)),
      origin: parsed.APNS_ORIGIN,
      certFile: parsed.APNS_CERT_FILE,
      keyFile: parsed.APNS_KEY_FILE,
      authKeyFile: parsed.APNS_AUTH_KEY_FILE,
      keyId: parsed.APNS_KEY_ID,
      teamId: parsed.APNS_TEAM_ID,
    },
  };
}

/** isLoopbackHost: HOST values only this machine can reach (main warns when dev tools listen beyond them). */
export const isLoopbackHost = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
