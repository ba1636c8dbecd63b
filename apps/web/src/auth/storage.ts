/**
 * The values the console keeps in localStorage (spec §3 "stored client-side"). Each entry is typed,
 * has a default, and treats unreadable data as missing, so a hand-edited storage never crashes a page.
 */
export interface StoredValue<T> {
  get(): T;
  set(value: T): void;
  clear(): void;
}

function storedValue<T>(key: string, fallback: T, read: (raw: unknown) => T | undefined): StoredValue<T> {
  return {
    get() {
      const raw = localStorage.getItem(key);
      if (raw === null) return fallback;
      try {
        return read(JSON.parse(raw)) ?? fallback;
      } catch {
        return fallback;
      }
    },
    set: (value) => localStorage.setItem(key, JSON.stringify(value)),
    clear: () => localStorage.removeItem(key),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** AuthTokens is the session: `expires` is the access token's expiry in epoch milliseconds. */
export interface AuthTokens {
  access_token: string;
  refresh_token: string;
  expires: number;
}

export const authStore = storedValue<AuthTokens | null>('auth', null, (v) =>
  isRecord(v) && typeof v.access_token === 'string' && typeof v.refresh_token === 'string'
    ? { access_token: v.access_token, refresh_token: v.refresh_token, expires: Number(v.expires) || 0 }
    : undefined,
);

/** Map provider used for device locations; AMap (高德) unless the clerk picked another. */
export const mapProviderStore = storedValue<string>('map_provider', 'gaode', (v) => (typeof v === 'string' && v ? v : undefined));

/** Platform searched when adding Apple apps (0 is the default store front). */
export const appleAppSearchPlatformStore = storedValue<number>('apple_app_search_platform', 0, (v) =>
  typeof v === 'number' && Number.isInteger(v) ? v : undefined,
);
