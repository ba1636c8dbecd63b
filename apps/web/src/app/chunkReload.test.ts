import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, createChunkReloader } from './chunkReload.ts';

function setup(start = 1_000_000) {
  const store = new Map<string, string>();
  let now = start;
  const reload = vi.fn();
  const reloader = createChunkReloader({
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    reload,
    now: () => now,
  });
  return { reloader, reload, advance: (ms: number) => (now += ms) };
}

describe('chunk reload guard', () => {
  it('reloads on the first chunk error', () => {
    const { reloader, reload } = setup();
    expect(reloader()).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does not reload again within 10 s', () => {
    const { reloader, reload, advance } = setup();
    reloader();
    advance(CHUNK_RELOAD_GUARD_MS - 1);
    expect(reloader()).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads again once 10 s have passed', () => {
    const { reloader, reload, advance } = setup();
    reloader();
    advance(CHUNK_RELOAD_GUARD_MS);
    expect(reloader()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
