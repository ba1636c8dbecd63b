import { Module, type UserInfo } from '@lease/shared';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { clerk } from '../test/fixtures.ts';
import { createGuardLoader } from './guardLoader.ts';
import type { RouteMeta } from './meta.ts';

/** A one-page table: the page needs the Apple module and prefetches its data. */
function setup(user: UserInfo | null, prefetch: RouteMeta['prefetch']) {
  const routes: RouteObject[] = [
    { id: 'list', path: '/console/list', handle: { name: 'list', layout: 'console', module: Module.APPLE, prefetch } satisfies RouteMeta },
  ];
  const loader = createGuardLoader({
    routes,
    hasSession: () => user !== null,
    loadUser: async () => user!,
    currentLocation: () => null,
    notify: vi.fn(),
    leave: vi.fn(),
  });
  return (path: string) => loader({ request: new Request(`http://x${path}`), params: {}, context: undefined } as Parameters<typeof loader>[0]);
}

describe('guard loader prefetch', () => {
  it('starts the page’s data request with the visited URL once the visit is allowed, without waiting for it', async () => {
    const prefetch = vi.fn(() => new Promise<unknown>(() => {}));
    const load = setup(clerk({ available_modules: [Module.APPLE] }), prefetch);
    await expect(load('/console/list?serial_number=F2L')).resolves.toBeNull();
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(String((prefetch.mock.calls[0] as unknown[])[0])).toBe('http://x/console/list?serial_number=F2L');
  });

  it('asks for nothing when the guard turns the visitor away', async () => {
    const prefetch = vi.fn(async () => null);
    await expect(setup(clerk({ available_modules: [Module.ANDROID] }), prefetch)('/console/list')).rejects.toBeInstanceOf(Response);
    await expect(setup(null, prefetch)('/console/list')).rejects.toBeInstanceOf(Response);
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('lets the visit through when the prefetch fails', async () => {
    const load = setup(clerk({ available_modules: [Module.APPLE] }), () => Promise.reject(new Error('offline')));
    await expect(load('/console/list')).resolves.toBeNull();
  });
});
