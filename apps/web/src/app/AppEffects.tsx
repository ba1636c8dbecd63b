import { useEffect } from 'react';
import { applySiteConfig } from './siteConfig.ts';
import { startUpdateCheck } from './updateCheck.ts';
import { useSiteConfig } from './useSiteConfig.ts';

/** BUILD_ID is this bundle's id (vite/build-manifest.ts), compared with the deployed one. */
export const BUILD_ID = import.meta.env.VITE_BUILD_ID ?? 'dev';

const announceUpdate = () => void import('./UpdateNotice.tsx').then((m) => m.showUpdateNotice());

/** AppEffects applies the host's site config and, in a built console, watches for new builds. */
export function AppEffects() {
  const site = useSiteConfig();
  useEffect(() => applySiteConfig(site, document, window.location.hostname, Date.now()), [site]);
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    return startUpdateCheck({ currentId: BUILD_ID, fetch: (input, init) => fetch(input, init), onNewVersion: announceUpdate });
  }, []);
  return null;
}
