import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes.tsx';
import { buildLayoutRoutes, toRouteObject } from './build.ts';

describe('route table build', () => {
  it('gives every top-level route a layout', () => {
    expect(() => buildLayoutRoutes(ROUTES)).not.toThrow();
    expect(ROUTES.every((r) => r.meta.layout === 'console' || r.meta.layout === 'empty' || r.meta.layout === 'ops')).toBe(true);
  });

  it('refuses a top-level route without a layout', () => {
    expect(() => buildLayoutRoutes([{ path: '/x', meta: { name: 'x' } }])).toThrow('Route "x" has no layout');
  });

  it('puts every /console route under the console layout, /ops pages under the operator one and public pages under the empty one', () => {
    for (const route of ROUTES) {
      const ops = route.path === '/ops' || (route.path?.startsWith('/ops/') && route.path !== '/ops/login');
      const expected = route.path?.startsWith('/console') ? 'console' : ops ? 'ops' : 'empty';
      expect(route.meta.layout, route.path).toBe(expected);
    }
  });

  it('gives route names once', () => {
    const names: string[] = [];
    const collect = (routes: typeof ROUTES) =>
      routes.forEach((r) => {
        names.push(r.meta.name);
        collect(r.children ?? []);
      });
    collect(ROUTES);
    expect(new Set(names).size).toBe(names.length);
  });

  it('renders nothing for redirect-only routes', () => {
    const alias = toRouteObject({ path: '/old', meta: { name: 'old', layout: 'console', redirect: () => '/new' } });
    expect(alias.element).toBeNull();
  });
});
