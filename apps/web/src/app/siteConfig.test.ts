import { describe, expect, it, vi } from 'vitest';
import { applySiteConfig, DEFAULT_SITE_TITLE, loadSiteConfig, SITE_CONFIG_BUCKET_MS } from './siteConfig.ts';

const now = 123 * SITE_CONFIG_BUCKET_MS + 5_000;
const source = (fetch: typeof globalThis.fetch) => ({ fetch, host: 'shop.example.com', now });

describe('site config', () => {
  it('reads the per-host config with a 10-minute cache bucket', async () => {
    const fetch = vi.fn(async () => Response.json({ title: '某某租机', hideLoginPageLogo: true }));
    await expect(loadSiteConfig(source(fetch))).resolves.toEqual({ title: '某某租机', hideLoginPageLogo: true, loaded: true });
    expect(fetch).toHaveBeenCalledWith('/custom/shop.example.com/config.json?t=123');
  });

  it.each([
    ['a 404', async () => Response.json({ statusCode: 404, error: 'Not Found', message: 'Route not found' }, { status: 404 })],
    ['an HTML fallback page', async () => new Response('<!doctype html>', { status: 200 })],
    ['a network failure', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a JSON array', async () => Response.json([])],
  ])('falls back to the default title and logo on %s', async (_label, respond) => {
    const config = await loadSiteConfig(source(vi.fn(respond)));
    expect(config).toEqual({ title: DEFAULT_SITE_TITLE, hideLoginPageLogo: false, loaded: false });
  });

  it('keeps the default title when the config names none', async () => {
    const config = await loadSiteConfig(source(vi.fn(async () => Response.json({ hideLoginPageLogo: true }))));
    expect(config.title).toBe(DEFAULT_SITE_TITLE);
    expect(config.hideLoginPageLogo).toBe(true);
  });

  it('uses the host favicon only when the config loaded', () => {
    applySiteConfig({ title: '某某租机', hideLoginPageLogo: false, loaded: true }, document, 'shop.example.com', now);
    expect(document.title).toBe('某某租机');
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    expect(icon?.getAttribute('href')).toBe('/custom/shop.example.com/favicon.png?t=123');

    applySiteConfig({ title: DEFAULT_SITE_TITLE, hideLoginPageLogo: false, loaded: false }, document, 'shop.example.com', now);
    expect(document.title).toBe(DEFAULT_SITE_TITLE);
    expect(icon?.getAttribute('href')).toBe('/favicon.svg');
  });
});
