import type { OsRelease } from './pmv.ts';

/**
 * OFFLINE_RELEASES is the built-in list the console offers when Apple's software lookup service is not configured
 * or does not answer: recent public iOS releases (version, build, Apple's release day). It ages; the console always
 * says when it shows this list (离线版本列表). iOS 17 and 18 run on iPhone XS/XR (iPhone11,x) and newer, iOS 26 on
 * iPhone 11 (iPhone12,x) and newer.
 */
export const OFFLINE_RELEASES: readonly OsRelease[] = [
  ['17.6.1', '21G93', '2024-08-07', 11],
  ['17.7', '21H16', '2024-09-16', 11],
  ['17.7.2', '21H221', '2024-11-19', 11],
  ['18.0.1', '22A3370', '2024-10-03', 11],
  ['18.1.1', '22B91', '2024-11-19', 11],
  ['18.2', '22C152', '2024-12-11', 11],
  ['18.3.2', '22D82', '2025-03-10', 11],
  ['18.4.1', '22E252', '2025-04-16', 11],
  ['18.5', '22F76', '2025-05-12', 11],
  ['18.6.2', '22G100', '2025-08-20', 11],
  ['26.0.1', '23A355', '2025-09-29', 12],
  ['26.1', '23B85', '2025-11-03', 12],
].map(([version, build, postingDate, minIphone]) => ({
  version: String(version),
  build: String(build),
  postingDate: String(postingDate),
  expirationDate: null,
  devices: null,
  minIphone: Number(minIphone),
}));
