/**
 * createTtlCache keeps each key's answer for `ttlMs` and shares one computation between callers asking at
 * the same time (a home page opened by many clerks at 9:00 runs its aggregates once). A failed computation
 * is not kept. Per process: with several processes each keeps its own, which only means as many refreshes.
 */
export function createTtlCache<T>(ttlMs: number, maxEntries = 5000, clock: () => number = Date.now) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(key: string, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && clock() - hit.at < ttlMs) return hit.value;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const value = compute();
      const entry = { at: clock(), value };
      entries.delete(key);
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
  };
}
