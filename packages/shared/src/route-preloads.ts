/**
 * Route preloads: what the console build (apps/web/scripts/route-preloads.ts) tells the server about each page,
 * so the HTML served for a page's address already names every script and stylesheet the page will load. Without
 * it the browser finds them one import at a time, a chain seven files deep on the device lists.
 */
export interface RoutePreload {
  /** The route's path as the console's router writes it: `/console/device/ios/:id`, `/goto/:key/*`. */
  path: string;
  /** The page needs a signed-in browser (the store console); a visitor would be sent to /login instead. */
  session: boolean;
  /** Hashed files under the build root, largest first; the entry's own imports are left to index.html. */
  scripts: string[];
  styles: string[];
}

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * SESSION_HINT_COOKIE is set by the console while it holds a session (the tokens themselves stay in
 * localStorage, spec §3). It carries nothing secret and grants nothing: the server reads it only to decide
 * whether a console page's scripts are worth preloading, since a visitor without a session is sent to /login.
 */
export const SESSION_HINT_COOKIE = 'console_session';
