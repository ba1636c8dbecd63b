/**
 * Reconnect pacing of the agent: exponential backoff with full jitter (the whole delay is random between zero
 * and the exponential cap), so thousands of agents cut off together do not come back together. A server hint
 * (Retry-After, or the `bye` frame's retry_after_ms) replaces the computed delay for that attempt.
 */
export interface BackoffOptions {
  baseMs?: number;
  capMs?: number;
  random?: () => number;
}

export function createBackoff(options: BackoffOptions = {}) {
  const base = options.baseMs ?? 1000;
  const cap = options.capMs ?? 5 * 60_000;
  const random = options.random ?? Math.random;
  let attempt = 0;
  return {
    /** next is the delay before the coming attempt; the ceiling doubles with each failure up to the cap. */
    next(hintMs?: number): number {
      const ceiling = Math.min(cap, base * 2 ** attempt);
      attempt = Math.min(attempt + 1, 30);
      return hintMs !== undefined && hintMs >= 0 ? hintMs : Math.floor(random() * ceiling);
    },
    /** penalise makes the next ceilings larger at once (a refused credential should not hammer the server). */
    penalise(steps = 3) {
      attempt = Math.min(attempt + steps, 30);
    },
    reset() {
      attempt = 0;
    },
    get attempt() {
      return attempt;
    },
  };
}
export type Backoff = ReturnType<typeof createBackoff>;
