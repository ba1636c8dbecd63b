import { z } from 'zod';
import { text, uuid } from '../schemas/safe-input.ts';

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

export const appEntry = z.object({ app_name: text().max(200), package_name: text().min(1).max(255), version: text().max(100).optional() });
export const restrictionMap = z.record(text().max(100), z.boolean());

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
