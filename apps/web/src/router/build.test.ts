import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../routes.ts';
import { toRouteObject, withPages } from './build.ts';
import { ROUTES } from './routeTable.ts';

describe('route table build', () => {
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

describe('withPages', () => {
  const page = async () => ({ default: () => null });

  it('gives every route of the table that does not redirect a page', () => {
    const visit = (routes: typeof APP_ROUTES): void =>
      routes.forEach((r) => {
        expect(Boolean(r.page) || Boolean(r.meta.redirect), r.meta.name).toBe(true);
        visit(r.children ?? []);
      });
    visit(APP_ROUTES);
  });

  it('attaches the page and the prefetch by route name, children included', () => {
    const prefetch = async () => undefined;
    const [parent] = withPages([{ path: '/a', meta: { name: 'a' }, children: [{ path: 'b', meta: { name: 'b' } }] }], {
      pages: { a: page, b: page },
      prefetch: { b: prefetch },
    });
    expect(parent.page).toBe(page);
    expect(parent.meta.prefetch).toBeUndefined();
    expect(parent.children?.[0].page).toBe(page);
    expect(parent.children?.[0].meta.prefetch).toBe(prefetch);
  });

  it('refuses a route without a page and a page of no route', () => {
    expect(() => withPages([{ path: '/a', meta: { name: 'a' } }], { pages: {} })).toThrow('Route "a" has no page');
    expect(() => withPages([{ path: '/a', meta: { name: 'a' } }], { pages: { a: page, typo: page } })).toThrow('No route is named typo');
  });
});
