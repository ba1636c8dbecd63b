import { useSyncExternalStore } from 'react';

/** Below antd's `md` breakpoint (768 px) the console lays itself out for a phone. */
export const PHONE_QUERY = '(max-width: 767.98px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** useIsPhone is true on a phone-sized screen, from the first render (antd's useBreakpoint starts empty). */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(PHONE_QUERY).matches, () => false);
}
