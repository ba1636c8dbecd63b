import { z } from 'zod';
import { isoDateTime, text, uuid } from './schemas/safe-input.ts';

/**
 * Agent protocol /agent/v1 (docs/android-agent-protocol.md): the messages between the Android agent and the
 * server, shared by the gateway and the simulated agent. Import as `@lease/shared/agent-protocol`.
 */

export const AGENT_PROTOCOL_VERSION = 1;
/** MAX_WS_FRAME is the largest WebSocket message either side accepts: frames are small JSON. */
export const MAX_WS_FRAME = 16 * 1024;
/** AUTH_SCHEME names the Authorization scheme of signed agent requests. */
export const AUTH_SCHEME = 'AgentSig';
/** CLOCK_SKEW_MS: a signed request's timestamp must be this close to the server's clock. */
export const CLOCK_SKEW_MS = 5 * 60_000;

export const ANDROID_COMMAND_TYPES = [
  'lock',
  'unlock',
  'regulate',
  'deregulate',
  'set-wallpaper',
  'get-location',
  'set-system-restriction',
  'get-installed-app-list',
  'set-app-restriction',
  'release',
  'refresh-policy',
] as const;
export type AndroidCommandType = (typeof ANDROID_COMMAND_TYPES)[number];

const appEntry = z.object({ app_name: text().max(200), package_name: text().min(1).max(255), version: text().max(100).optional() });
const restrictionMap = z.record(text().max(100), z.boolean());

/** Payload of each command type as the agent receives it (the console passes these to enqueueIn). */
export const CommandPayloads = {
  lock: z.object({ message: text().min(1).max(500), phone_number: text().max(20).optional() }),
  unlock: z.object({}),
  /** The restriction map the phone enforces while regulated (the core 监管 set plus the device's switches). */
  regulate: z.object({ restriction: restrictionMap.optional() }),
  deregulate: z.object({}),
  /** The JPEG comes inline (`content`, base64) or from GET /agent/v1/wallpapers/{wallpaper_id}. where: 1 lock screen, 2 home, 3 both. */
  'set-wallpaper': z.object({
    wallpaper_id: uuid,
    where: z.number().int().min(1).max(3).optional(),
    allow_modify: z.boolean().optional(),
    content: text().max(12_000_000).optional(),
  }),
  'get-location': z.object({}),
  'set-system-restriction': z.object({ restriction: restrictionMap }),
  'get-installed-app-list': z.object({}),
  'set-app-restriction': z.object({ enable: z.boolean(), mode: z.number().int().min(0).max(1), list: z.array(appEntry).max(2000) }),
  release: z.object({}),
  'refresh-policy': z.object({}),
} satisfies Record<AndroidCommandType, z.ZodType>;

/** AgentCommand is one command delivered to the agent (over the WebSocket or by GET /commands). */
export interface AgentCommand {
  id: string;
  type: AndroidCommandType;
  payload: Record<string, unknown>;
}

// ---- enrolment -------------------------------------------------------------------------------------

export const DeviceFacts = z.object({
  serial_number: text().max(64).default(''),
  imei_1: text().max(20).default(''),
  imei_2: text().max(20).default(''),
  meid: text().max(20).default(''),
  brand: text().max(64).default(''),
  manufacturer: text().max(64).default(''),
  model: text().max(100).default(''),
  os_version: text().max(32).default(''),
  sdk_int: z.number().int().min(1).max(100).optional(),
  agent_version: text().max(32).default(''),
  battery_level: z.number().min(0).max(1).optional(),
});
export type DeviceFacts = z.infer<typeof DeviceFacts>;

export const SimReport = z.object({ slot: z.number().int().min(1).max(2), iccid: text().max(32).default(''), carrier: text().max(64).default(''), phone_number: text().max(20).default('') });
export type SimReport = z.infer<typeof SimReport>;

export const LocationReport = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(100_000).optional(),
  measured_at: isoDateTime,
});
export type LocationReport = z.infer<typeof LocationReport>;

/** EnrollRequest: the token from the QR code (or vendor channel provisioning) plus the agent's public key. */
export const EnrollRequest = z.object({
  token: text().min(16).max(128),
  /** SPKI DER (base64) of the ECDSA P-256 key the agent generated (AndroidKeyStore, non-exportable). */
  public_key: text().min(40).max(400),
  /** AndroidChannel when a vendor SDK controls the phone (1 honor, 2 xiaomi, 3 oppo, 4 vivo); 0 or absent = device owner. */
  channel: z.number().int().min(0).max(4).optional(),
  facts: DeviceFacts,
  sims: z.array(SimReport).max(2).default([]),
  /** A simulated agent (packages/device-sim) says so: the console marks it 模拟设备. */
  simulated: z.boolean().optional(),
});
export type EnrollRequest = z.input<typeof EnrollRequest>;

export const EnrollResponse = z.object({
  device_id: z.string().uuid(),
  /** K_dev (base64, 32 bytes): the offline-passcode key, sent once; the agent keeps it non-exportable. */
  passcode_key: z.string(),
  channel: z.number().int(),
  policy: z.lazy(() => AgentPolicy),
});
export type EnrollResponse = z.infer<typeof EnrollResponse>;

// ---- policy ---------------------------------------------------------------------------------------

/** AgentPolicy is the whole desired state; the agent reconciles to it (state-based, like Headwind's sync). */
export const AgentPolicy = z.object({
  policy_version: z.number().int(),
  lock: z.object({ locked: z.boolean(), message: z.string(), phone_number: z.string() }),
  regulated: z.boolean(),
  system_restriction: restrictionMap,
  app_restriction: z.object({ enable: z.boolean(), mode: z.number().int(), list: z.array(appEntry) }),
  wallpaper: z.object({ id: z.string(), url: z.string() }).nullable(),
  offline_lock_hours: z.number().int(),
  /** The server's clock, so an agent with a wrong clock can still sign requests (and count offline time). */
  server_time: z.string(),
});
export type AgentPolicy = z.infer<typeof AgentPolicy>;

// ---- check-in (facts) -----------------------------------------------------------------------------

export const PasscodeUse = z.object({
  purpose: z.enum(['unlock', 'deregulate']),
  challenge: text().regex(/^\d{8}$/),
  lock_epoch: z.number().int().min(0),
  grant_days: z.number().int().min(0).max(30).default(0),
  used_at: isoDateTime,
});
export type PasscodeUse = z.infer<typeof PasscodeUse>;

/** LockState is what the phone's screen is: locked by command, self-locked offline, or unlocked. */
export const LockState = z.object({
  locked: z.boolean(),
  epoch: z.number().int().min(0),
  /** 'offline' = the agent locked itself after store.android_offline_lock_hours without reaching the server. */
  reason: z.enum(['command', 'offline', 'none']).default('none'),
  since: isoDateTime.optional(),
});

export const CheckinRequest = z.object({
  facts: DeviceFacts.partial().optional(),
  sims: z.array(SimReport).max(2).optional(),
  location: LocationReport.optional(),
  installed_apps: z.array(appEntry).max(2000).optional(),
  lock_state: LockState,
  regulated: z.boolean().optional(),
  /** The policy version the agent has applied. */
  policy_version: z.number().int(),
  /** Offline codes used since the last successful check-in. */
  passcode_uses: z.array(PasscodeUse).max(100).default([]),
  restriction_report: z.object({ applied: z.array(text()), unsupported: z.array(text()) }).optional(),
});
export type CheckinRequest = z.input<typeof CheckinRequest>;

export const CheckinResponse = z.object({ policy_version: z.number().int(), pending_commands: z.number().int(), server_time: z.string() });
export type CheckinResponse = z.infer<typeof CheckinResponse>;

// ---- command results ----------------------------------------------------------------------------

export const CommandResult = z.object({
  command_id: uuid,
  status: z.enum(['done', 'failed']),
  /** Why it failed, in Chinese, shown in the operation log. */
  error: text().max(500).optional(),
  data: z
    .object({
      lock_epoch: z.number().int().min(0).optional(),
      location: LocationReport.optional(),
      apps: z.array(appEntry).max(2000).optional(),
      applied: z.array(text()).optional(),
      unsupported: z.array(text()).optional(),
    })
    .optional(),
});
export type CommandResult = z.infer<typeof CommandResult>;

export const CommandResultsRequest = z.object({ results: z.array(CommandResult).min(1).max(100) });
export const CommandsResponse = z.object({ commands: z.array(z.object({ id: z.string(), type: z.string(), payload: z.record(z.string(), z.unknown()) })) });

// ---- WebSocket frames -----------------------------------------------------------------------------

/**
 * Server → agent frames. `commands` carries the commands themselves when the frame stays under MAX_WS_FRAME;
 * `poke` says commands are waiting (too big for a frame): fetch them with GET /agent/v1/commands.
 */
export type ServerFrame =
  | { t: 'hello'; server_time: string }
  | { t: 'commands'; commands: AgentCommand[] }
  | { t: 'poke' }
  | { t: 'ack'; ids: string[] }
  | { t: 'pong' }
  | { t: 'bye'; retry_after_ms: number };

/** Agent → server frames: command results (answered with `ack`) and keep-alives. */
export const AgentFrame = z.discriminatedUnion('t', [
  z.object({ t: z.literal('result'), results: z.array(CommandResult).min(1).max(20) }),
  z.object({ t: z.literal('ping') }),
]);
export type AgentFrame = z.infer<typeof AgentFrame>;

/** WS close codes the server uses; the agent backs off on all of them, and stops for good on 4403. */
export const WsClose = { SERVICE_RESTART: 1012, TRY_AGAIN_LATER: 1013, TOO_BIG: 1009, REPLACED: 4000, PROTOCOL: 4400, RELEASED: 4403 } as const;

// ---- request signing ------------------------------------------------------------------------------

/** signingString is what the agent signs with its key: method, path with query, time, SHA-256 of the body. */
export const signingString = (method: string, path: string, ts: number, bodySha256Hex: string) => `${method.toUpperCase()}\n${path}\n${ts}\n${bodySha256Hex}`;

/** authorizationHeader builds `AgentSig device=…, ts=…, sig=…`. */
export const authorizationHeader = (deviceId: string, ts: number, sigBase64: string) => `${AUTH_SCHEME} device="${deviceId}", ts="${ts}", sig="${sigBase64}"`;

/** parseAuthorization reads the AgentSig header; null when absent or malformed. */
export function parseAuthorization(header: string | undefined): { deviceId: string; ts: number; sig: string } | null {
  if (!header || header.length > 512) return null;
  const m = /^AgentSig\s+device="([0-9a-f-]{36})",\s*ts="(\d{10,16})",\s*sig="([A-Za-z0-9+/=]{40,200})"$/i.exec(header);
  return m ? { deviceId: m[1].toLowerCase(), ts: Number(m[2]), sig: m[3] } : null;
}

// ---- console calls of the gateway (POST /api/device/android/enroll-token, GET …/mdm-app-download-link) ----

/** androidEnrollTokenRequest: the clerk the phone will belong to (default: the caller) and the intended channel. */
export const androidEnrollTokenRequest = z.object({
  for_clerk_id: uuid.nullish(),
  channel: z.number().int().min(0).max(4).optional(),
});
export type AndroidEnrollTokenRequest = z.infer<typeof androidEnrollTokenRequest>;

export const androidEnrollTokenResponse = z.object({
  token: z.string(),
  expires_at: z.string(),
  /** Android's device-owner provisioning JSON: render it as the QR code scanned on the phone's welcome screen. */
  qr_payload: z.string(),
  download_url: z.string(),
});
export type AndroidEnrollTokenResponse = z.infer<typeof androidEnrollTokenResponse>;

export const androidAppDownloadLink = z.object({
  download_url: z.string(),
  /** False until an operator puts the agent APK in DATA_DIR/android-agent/agent.apk: the console says so. */
  available: z.boolean(),
  sha256: z.string().nullable(),
});
export type AndroidAppDownloadLink = z.infer<typeof androidAppDownloadLink>;
