import { useSyncExternalStore } from 'react';

/** Below antd's `md` breakpoint (768 px) the console lays itself out for a phone. */
export const PHONE_QUERY = '(max-width: 767.98px)';

// One MediaQueryList for the page: every panel and list asks on every render.
let query: MediaQueryList | null = null;
const phoneQuery = () => (query ??= window.matchMedia(PHONE_QUERY));

const subscribe = (onChange: () => void) => {
  const q = phoneQuery();
  q.addEventListener('change', onChange);
  return () => q.removeEventListener('change', onChange);
};

/** useIsPhone is true on a phone-sized screen, from the first render (antd's useBreakpoint starts empty). */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => phoneQuery().matches,
    () => false,
  );
}
