import { z } from 'zod';
import { appEntry, restrictionMap } from './commands.ts';

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
