import fs from 'node:fs';
import path from 'node:path';
import { ROUTE_PRELOADS_FILE, SESSION_HINT_COOKIE, type RoutePreload } from '@lease/shared';

interface CompiledRoute {
  preload: RoutePreload;
  pattern: RegExp;
  /** The router's ranking, roughly: more fixed segments first, a catch-all last. */
  rank: number;
}

function compile(preload: RoutePreload): CompiledRoute {
  const segments = preload.path.split('/').filter(Boolean);
  let rank = 0;
  const parts = segments.map((s) => {
    if (s === '*') {
      rank -= 1;
      return '(?:/.*)?';
    }
    if (s.startsWith(':')) {
      rank += 3;
      return '/[^/]+';
    }
    rank += 10;
    return `/${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  });
  // The console's router matches case-insensitively and ignores a trailing slash.
  return { preload, pattern: new RegExp(`^${parts.join('')}/?$`, 'i'), rank };
}

const attribute = (file: string) => `/${file.replace(/[^\w./-]/g, '')}`;

/**
 * linksOf is the head tags of one page: its stylesheets first (the page waits for them), then its scripts. They
 * are fetched at low priority, behind the entry's scripts and stylesheet, which the first paint (the loading
 * notice) and the router need first; the page needs them all only after the router has run.
 */
function linksOf(preload: RoutePreload): string {
  const styles = preload.styles.map((f) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="${attribute(f)}">`);
  const scripts = preload.scripts.map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${attribute(f)}">`);
  return [...styles, ...scripts].join('');
}

const SESSION_HINT = new RegExp(`(?:^|;\\s*)${SESSION_HINT_COOKIE}=1(?:;|$)`);
const hasSessionHint = (cookie: string | undefined) => cookie !== undefined && SESSION_HINT.test(cookie);

export interface IndexPages {
  /** The console's HTML for this address: with the page's preloads when the browser will render that page. */
  htmlFor(pathname: string, cookie: string | undefined): Buffer;
}

/**
 * indexPages serves index.html with the preloads the build listed for each page (apps/web/scripts/
 * route-preloads.ts). A store-console page's list goes only to a browser holding a session (the hint cookie):
 * a visitor is sent on to /login, and the console's scripts would slow that page down on a phone.
 * Each page's HTML is built once, at start.
 */
export function indexPages(webDist: string): IndexPages {
  const plain = fs.readFileSync(path.join(webDist, 'index.html'));
  const file = path.join(webDist, ROUTE_PRELOADS_FILE);
  const preloads: RoutePreload[] = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
  const html = plain.toString('utf8');
  const routes = preloads
    .map((preload) => ({ ...compile(preload), page: Buffer.from(html.replace('</head>', () => `${linksOf(preload)}</head>`)) }))
    .sort((a, b) => b.rank - a.rank);

  return {
    htmlFor(pathname, cookie) {
      const route = routes.find((r) => r.pattern.test(pathname));
      return route && (!route.preload.session || hasSessionHint(cookie)) ? route.page : plain;
    },
  };
}
