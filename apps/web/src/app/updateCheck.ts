/** Spec §4: the console polls the latest build manifest to notice a new deployment. */
export const UPDATE_POLL_MS = 60_000;
export const LATEST_BUILD_URL = '/builds/latest.json';

export interface UpdateCheckDeps {
  currentId: string;
  fetch: typeof fetch;
  onNewVersion: (id: string) => void;
  intervalMs?: number;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** fetchLatestBuildId reads the deployed build's id, or null when the manifest is unreadable. */
export async function fetchLatestBuildId(fetchFn: typeof fetch): Promise<string | null> {
  const res = await fetchFn(`${LATEST_BUILD_URL}?t=${Date.now()}`, { cache: 'no-store' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body: unknown = await res.json();
  const id = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).id : undefined;
  return typeof id === 'string' && id ? id : null;
}

/**
 * startUpdateCheck polls every minute and on window focus, and announces each newer build once.
 * Returns the function that stops it.
 */
export function startUpdateCheck(deps: UpdateCheckDeps): () => void {
  const target = deps.target ?? window;
  let announced = deps.currentId;
  const check = async () => {
    try {
      const id = await fetchLatestBuildId(deps.fetch);
      if (id && id !== announced) {
        announced = id;
        deps.onNewVersion(id);
      }
    } catch (err) {
      console.error('Error fetching app manifest', err);
    }
  };
  const onFocus = () => void check();
  const timer = setInterval(onFocus, deps.intervalMs ?? UPDATE_POLL_MS);
  target.addEventListener('focus', onFocus);
  return () => {
    clearInterval(timer);
    target.removeEventListener('focus', onFocus);
  };
}
