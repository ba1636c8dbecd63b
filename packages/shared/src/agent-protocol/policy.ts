import { z } from 'zod';
import { appEntry, restrictionMap } from './commands.ts';

/**
 * AndroidLeaseOffline is the lease plan's part of the policy (docs/android-agent-protocol.md, "Lease plan"): the
 * hirer is paid through `paid_through` (a store-time day) with `grace_days` after it; the server turns both into
 * `lock_at`, the instant the agent locks itself if it has heard nothing newer, online or not. `notice` is the
 * reminder the agent shows as a notification the hirer cannot dismiss, until a policy without it arrives.
 */
export const AndroidLeaseOffline = z.object({
  paid_through: z.string().nullable(),
  grace_days: z.number().int(),
  lock_at: z.string().nullable(),
  lock_message: z.string(),
  lock_phone_number: z.string(),
  notice: z.object({ title: z.string(), text: z.string() }).nullable(),
});
export type AndroidLeaseOffline = z.infer<typeof AndroidLeaseOffline>;

/** AgentPolicy is the whole desired state; the agent reconciles to it (state-based, like Headwind's sync). */
export const AgentPolicy = z.object({
  policy_version: z.number().int(),
  lock: z.object({ locked: z.boolean(), message: z.string(), phone_number: z.string() }),
  regulated: z.boolean(),
  system_restriction: restrictionMap,
  app_restriction: z.object({ enable: z.boolean(), mode: z.number().int(), list: z.array(appEntry) }),
  wallpaper: z.object({ id: z.string(), url: z.string() }).nullable(),
  offline_lock_hours: z.number().int(),
  /** The phone's lease plan, when it has one (older servers leave it out). */
  lease: AndroidLeaseOffline.nullish(),
  /** The server's clock, so an agent with a wrong clock can still sign requests (and count offline time). */
  server_time: z.string(),
});
export type AgentPolicy = z.infer<typeof AgentPolicy>;
