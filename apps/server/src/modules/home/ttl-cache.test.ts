import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

describe('createTtlCache', () => {
  it('keeps an answer for the ttl, shares one computation, and forgets failures', async () => {
    let now = 0;
    let runs = 0;
    const cache = createTtlCache<number>(1000, 10, () => now);
    const compute = async () => ++runs;
    const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    now = 999;
    expect(await cache.get('k', compute)).toBe(1);
    now = 1000;
    expect(await cache.get('k', compute)).toBe(2);
    expect(await cache.get('other', compute)).toBe(3);

    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', compute)).toBe(4);
  });

  it('drops the oldest key past maxEntries', async () => {
    const cache = createTtlCache<string>(60_000, 2);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });
});
