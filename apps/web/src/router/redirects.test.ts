import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../routes.ts';
import { admin } from '../test/fixtures.ts';
import { toRouteObject } from './build.ts';
import { walkRoutes } from './menu.ts';
import { comingSoon, deviceSlugTarget, gotoDecision, LEGACY_ALIASES } from './redirects.ts';
import { matchMeta } from './routeMeta.ts';

const routes = APP_ROUTES.map(toRouteObject);
const uuid = '6f1c2b7e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';

/** redirectAt is where the route table sends `path`, or undefined when it renders a page. */
function redirectAt(path: string) {
  const { chain, params } = matchMeta(routes, path);
  return chain.at(-1)?.redirect?.(params);
}

const pagePaths = new Set(
  walkRoutes(APP_ROUTES)
    .filter((v) => v.route.page)
    .map((v) => v.path),
);

describe('device slug redirect', () => {
  it('opens the Apple device for a uuid and the Apple list otherwise', () => {
    expect(deviceSlugTarget(uuid)).toBe(`/console/device/ios/${uuid}`);
    expect(deviceSlugTarget('not-a-uuid')).toBe('/console/device/ios/list');
    expect(deviceSlugTarget(undefined)).toBe('/console/device/ios/list');
    expect(redirectAt(`/console/device/${uuid}`)).toBe(`/console/device/ios/${uuid}`);
    expect(redirectAt('/console/device/anything')).toBe('/console/device/ios/list');
  });

  it('does not shadow the static device pages', () => {
    expect(redirectAt('/console/device/wallpaper')).toBeUndefined();
    expect(redirectAt('/console/device/ios/list')).toBeUndefined();
  });
});

describe('device id validation', () => {
  it.each(['ios', 'android'])('%s detail accepts only a uuid, else 404 设备不存在', (os) => {
    const bad = matchMeta(routes, `/console/device/${os}/12345`);
    const validate = bad.chain.at(-1)?.validate;
    expect(validate?.message).toBe('设备不存在');
    expect(validate?.check(bad.params)).toBe(false);
    const good = matchMeta(routes, `/console/device/${os}/${uuid}`);
    expect(good.chain.at(-1)?.validate?.check(good.params)).toBe(true);
  });
});

describe('legacy aliases', () => {
  it.each([
    ['/console/device/list', '/console/device/ios/list'],
    ['/console/device/recycled-list', '/console/device/ios/recycled-list'],
    ['/console/device/default-restriction', '/console/device/ios/default-restriction'],
    ['/console/vas/rcs', '/console/report/rcs'],
  ])('%s goes to %s, a real page', (from, to) => {
    expect(LEGACY_ALIASES[from]).toBe(to);
    expect(redirectAt(from)).toBe(to);
    expect(pagePaths.has(to)).toBe(true);
  });

  it('sends / to the console home', () => {
    expect(redirectAt('/')).toBe('/console');
  });
});

describe('goto', () => {
  it('leaves for the flow bill page with the store id as account', () => {
    expect(gotoDecision('flowprocess', 'https://flow.example.com/bill', 'store 1/2')).toEqual({
      kind: 'leave',
      url: 'https://flow.example.com/bill?account=store%201%2F2',
    });
  });

  it.each([
    ['another key', 'other', 'https://flow.example.com/bill'],
    ['no configured url', 'flowprocess', null],
    ['no key', undefined, 'https://flow.example.com/bill'],
  ])('stays with 跳转链接无效 for %s', (_label, key, url) => {
    expect(gotoDecision(key, url, 'store-1')).toEqual({ kind: 'cancel', notice: { type: 'error', text: '跳转链接无效' } });
  });

  it('the goto route matches any rest path and needs a session', () => {
    const { chain, params } = matchMeta(routes, '/goto/flowprocess/extra/path');
    expect(chain.at(-1)?.name).toBe('goto');
    expect(params.key).toBe('flowprocess');
    expect(chain.at(-1)?.public).toBeFalsy();
  });
});

describe('professional report', () => {
  it('cancels with 即将推出，敬请期待', async () => {
    expect(comingSoon()).toEqual({ kind: 'cancel', notice: { type: 'info', text: '即将推出，敬请期待' } });
    const { chain, params } = matchMeta(routes, '/console/report/professional');
    expect(await chain.at(-1)?.intercept?.({ params, user: admin() })).toEqual(comingSoon());
  });
});
