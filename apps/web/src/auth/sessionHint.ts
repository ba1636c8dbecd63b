import { SESSION_HINT_COOKIE } from '@lease/shared';

/**
 * setSessionHint keeps the session hint cookie in step with the stored session. The tokens never leave
 * localStorage; the cookie only tells the server that this browser will render console pages, so the HTML it
 * serves for one may name the page's scripts (apps/server/src/http/route-preloads.ts). It outlives a browser
 * restart (30 days), and main.tsx sets it from the stored session on every load: a stale hint wastes one page
 * load's preloads at most.
 */
export function setSessionHint(signedIn: boolean) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SESSION_HINT_COOKIE}=${signedIn ? '1; Max-Age=2592000' : '; Expires=Thu, 01 Jan 1970 00:00:00 GMT'}; Path=/; SameSite=Lax${secure}`;
}
