import { useLayoutEffect } from 'react';

/** BOOT_FRAME_ID is the console frame index.html paints on a signed-in console page before any script has run. */
export const BOOT_FRAME_ID = 'boot-frame';

/**
 * useBootFrameGone takes index.html's console frame away once the router has drawn a page, before that page is
 * painted: the console layout under it has the same bars in the same places, so the switch moves nothing (CLS), and
 * any other page (a visitor sent on to /login, an error) is no longer hidden behind it.
 */
export function useBootFrameGone() {
  useLayoutEffect(() => document.getElementById(BOOT_FRAME_ID)?.remove(), []);
}
