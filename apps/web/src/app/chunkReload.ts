import { nextTask } from '../lib/nextTask.ts';

/** Spec §9: after a failed chunk load the page reloads, but at most once every 10 s. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const RELOADED_AT_KEY = 'chunk-reload-at';

export interface ChunkReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
}

/**
 * createChunkReloader returns the reload step for a chunk that failed to load (usually a deploy
 * replaced it). The timestamp lives in sessionStorage so it survives the reload and stops a loop when
 * the new page fails too. Returns whether it reloaded.
 */
export function createChunkReloader(deps: ChunkReloadDeps): () => boolean {
  return () => {
    const now = deps.now();
    const last = Number(deps.storage.getItem(RELOADED_AT_KEY)) || 0;
    if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
    deps.storage.setItem(RELOADED_AT_KEY, String(now));
    deps.reload();
    return true;
  };
}

export const reloadForChunkError = createChunkReloader({
  storage: { getItem: (k) => sessionStorage.getItem(k), setItem: (k, v) => sessionStorage.setItem(k, v) },
  reload: () => window.location.reload(),
  now: () => Date.now(),
});

/**
 * loadChunk runs a lazy import and reloads the page if the chunk is gone. The import starts in a task of its own:
 * Vite's preload helper adds the chunk's stylesheets, which the browser parses then and there (~15 ms of a phone's
 * first load), and the router starts a layout's and a page's import in its own first-navigation task.
 */
export function loadChunk<T>(importer: () => Promise<T>): Promise<T> {
  return nextTask()
    .then(importer)
    .catch((err: unknown) => {
      reloadForChunkError();
      throw err;
    });
}

/** installChunkReload handles Vite's preload failures; the error page shows when the guard holds. */
export function installChunkReload(target: Window = window) {
  target.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}
