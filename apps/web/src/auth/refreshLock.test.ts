import { describe, expect, it, vi } from 'vitest';
import { REFRESH_LOCK_NAME, createInTabLock, createRefreshLock } from './refreshLock.ts';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('refresh lock', () => {
  it('runs one holder at a time, in order, and goes on after a holder fails', async () => {
    const lock = createInTabLock();
    const events: string[] = [];
    const holder = (name: string, fail = false) =>
      lock(async () => {
        events.push(`${name} in`);
        await tick();
        events.push(`${name} out`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([holder('a'), holder('b', true), holder('c')]);
    expect(events).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('uses the Web Locks API, shared by every tab of the origin, when the browser has it', async () => {
    const request = vi.fn((_name: string, run: () => Promise<unknown>) => run());
    const lock = createRefreshLock({ request } as unknown as LockManager);
    await expect(lock(async () => 42)).resolves.toBe(42);
    expect(request).toHaveBeenCalledWith(REFRESH_LOCK_NAME, expect.any(Function));
  });

  it('falls back to serialising this tab where navigator.locks is missing (no secure context)', async () => {
    const lock = createRefreshLock(undefined);
    let inside = 0;
    let most = 0;
    await Promise.all(
      [1, 2, 3].map(() =>
        lock(async () => {
          most = Math.max(most, ++inside);
          await tick();
          inside -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
  });
});
