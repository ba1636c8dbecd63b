const DAY = 86_400_000;

/** RECHECK_MS: how often a phone is asked for its available updates again (Apple publishes new releases). */
export const RECHECK_MS = DAY;
/** POLL_MS: how often OSUpdateStatus is asked while an update runs; POLL_LIMIT_MS: how long before it counts as failed. */
export const POLL_MS = 60_000;
export const POLL_LIMIT_MS = 3 * DAY;
/** COMMAND_TTL_MS: a background question to a phone that stays offline expires; the job asks again later. */
export const COMMAND_TTL_MS = DAY;
