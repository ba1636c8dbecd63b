/** The brand title shown unless the host's config.json names another (spec §1). */
export const DEFAULT_SITE_TITLE = '租机宝 设备管理控制台';
export const DEFAULT_FAVICON = '/favicon.svg';
/** Static per-host files are cache-busted in 10-minute buckets, so edits show within 10 minutes. */
export const SITE_CONFIG_BUCKET_MS = 10 * 60_000;

export interface SiteConfig {
  title: string;
  hideLoginPageLogo: boolean;
  /** True when the host's config.json was read; only then is its favicon used. */
  loaded: boolean;
}

export const DEFAULT_SITE_CONFIG: SiteConfig = { title: DEFAULT_SITE_TITLE, hideLoginPageLogo: false, loaded: false };

export const timeBucket = (now: number) => Math.floor(now / SITE_CONFIG_BUCKET_MS);

export const siteConfigUrl = (host: string, now: number) => `/custom/${host}/config.json?t=${timeBucket(now)}`;
export const siteFaviconUrl = (host: string, now: number) => `/custom/${host}/favicon.png?t=${timeBucket(now)}`;

export interface SiteConfigSource {
  fetch: typeof fetch;
  host: string;
  now: number;
}

/** loadSiteConfig reads `/custom/<host>/config.json`; any failure yields the defaults. */
export async function loadSiteConfig({ fetch, host, now }: SiteConfigSource): Promise<SiteConfig> {
  try {
    const res = await fetch(siteConfigUrl(host, now));
    if (!res.ok) return DEFAULT_SITE_CONFIG;
    const body: unknown = await res.json();
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return DEFAULT_SITE_CONFIG;
    const { title, hideLoginPageLogo } = body as Record<string, unknown>;
    return {
      title: typeof title === 'string' && title.trim() ? title.trim() : DEFAULT_SITE_TITLE,
      hideLoginPageLogo: hideLoginPageLogo === true,
      loaded: true,
    };
  } catch {
    return DEFAULT_SITE_CONFIG;
  }
}

/** applySiteConfig sets the document title and the favicon. */
export function applySiteConfig(config: SiteConfig, doc: Document, host: string, now: number) {
  doc.title = config.title;
  let icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = doc.createElement('link');
    icon.rel = 'icon';
    doc.head.appendChild(icon);
  }
  icon.removeAttribute('type');
  icon.href = config.loaded ? siteFaviconUrl(host, now) : DEFAULT_FAVICON;
}
