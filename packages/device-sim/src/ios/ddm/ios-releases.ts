/**
 * Public iOS releases as Apple's software lookup service (gdmf.apple.com/v2/pmv) lists them, with their release
 * dates, so a simulated phone can tell which updates exist, which are old enough to pass a deferral, and which its
 * hardware can run. Exported for the server's offline stand-in too. Builds and dates are Apple's; sizes are
 * representative over-the-air sizes.
 */

export interface IosCatalogueRelease {
  version: string;
  build: string;
  /** Day Apple released it (UTC date, 'yyyy-mm-dd'). */
  releasedOn: string;
  /** Download and install sizes in bytes of the over-the-air update to this release. */
  downloadSize: number;
  installSize: number;
}

/** IOS_CATALOGUE lists public iOS releases oldest first (iOS 16 to 26). */
export const IOS_CATALOGUE: readonly IosCatalogueRelease[] = [
  { version: '16.7.10', build: '20H350', releasedOn: '2024-08-20', downloadSize: 442_000_000, installSize: 1_900_000_000 },
  { version: '17.4.1', build: '21E236', releasedOn: '2024-03-21', downloadSize: 598_000_000, installSize: 2_400_000_000 },
  { version: '17.5.1', build: '21F90', releasedOn: '2024-05-20', downloadSize: 612_000_000, installSize: 2_500_000_000 },
  { version: '17.6.1', build: '21G93', releasedOn: '2024-08-07', downloadSize: 655_000_000, installSize: 2_600_000_000 },
  { version: '17.7', build: '21H16', releasedOn: '2024-09-16', downloadSize: 690_000_000, installSize: 2_700_000_000 },
  { version: '18.0', build: '22A3354', releasedOn: '2024-09-16', downloadSize: 3_200_000_000, installSize: 7_000_000_000 },
  { version: '18.0.1', build: '22A3370', releasedOn: '2024-10-03', downloadSize: 3_300_000_000, installSize: 7_100_000_000 },
  { version: '18.1', build: '22B83', releasedOn: '2024-10-28', downloadSize: 1_200_000_000, installSize: 3_900_000_000 },
  { version: '18.1.1', build: '22B91', releasedOn: '2024-11-19', downloadSize: 520_000_000, installSize: 2_100_000_000 },
  { version: '18.2', build: '22C152', releasedOn: '2024-12-11', downloadSize: 1_500_000_000, installSize: 4_200_000_000 },
  { version: '18.3', build: '22D63', releasedOn: '2025-01-27', downloadSize: 1_100_000_000, installSize: 3_600_000_000 },
  { version: '18.3.1', build: '22D72', releasedOn: '2025-02-10', downloadSize: 480_000_000, installSize: 2_000_000_000 },
  { version: '18.4', build: '22E240', releasedOn: '2025-03-31', downloadSize: 1_600_000_000, installSize: 4_400_000_000 },
  { version: '18.4.1', build: '22E252', releasedOn: '2025-04-16', downloadSize: 470_000_000, installSize: 2_000_000_000 },
  { version: '18.5', build: '22F76', releasedOn: '2025-05-12', downloadSize: 1_000_000_000, installSize: 3_500_000_000 },
  { version: '18.6', build: '22G86', releasedOn: '2025-07-29', downloadSize: 1_100_000_000, installSize: 3_600_000_000 },
  { version: '18.6.1', build: '22G90', releasedOn: '2025-08-14', downloadSize: 450_000_000, installSize: 1_900_000_000 },
  { version: '18.6.2', build: '22G100', releasedOn: '2025-08-20', downloadSize: 450_000_000, installSize: 1_900_000_000 },
  { version: '26.0', build: '23A341', releasedOn: '2025-09-15', downloadSize: 3_900_000_000, installSize: 8_200_000_000 },
  { version: '26.0.1', build: '23A355', releasedOn: '2025-09-29', downloadSize: 700_000_000, installSize: 2_600_000_000 },
  { version: '26.1', build: '23B85', releasedOn: '2025-11-03', downloadSize: 1_400_000_000, installSize: 4_100_000_000 },
];

/** compareVersions orders dotted versions numerically ('17.10' after '17.9'). */
export function compareVersions(a: string, b: string): number {
  const [pa, pb] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

export const majorOf = (version: string): number => Number(version.split('.')[0]);

export const releaseOf = (version: string): IosCatalogueRelease | undefined => IOS_CATALOGUE.find((r) => r.version === version);

/** releasedAt is the instant a release came out (midnight UTC of its day). */
export const releasedAt = (release: IosCatalogueRelease): Date => new Date(`${release.releasedOn}T00:00:00Z`);

/**
 * SUPPORTED_IOS bounds the iOS versions an iPhone generation runs, by the major of its hardware identifier: the
 * version it shipped with, and the last major it got (iOS 17 dropped the iPhone 8 and X, iOS 26 the XS and XR).
 */
const SUPPORTED_IOS: { minIdentifier: number; maxIdentifier: number; first: string; lastMajor?: number }[] = [
  { minIdentifier: 10, maxIdentifier: 10, first: '11.0', lastMajor: 16 },
  { minIdentifier: 11, maxIdentifier: 11, first: '12.0', lastMajor: 18 },
  { minIdentifier: 12, maxIdentifier: 12, first: '13.0' },
  { minIdentifier: 13, maxIdentifier: 13, first: '14.0' },
  { minIdentifier: 14, maxIdentifier: 14, first: '15.0' },
  { minIdentifier: 15, maxIdentifier: 15, first: '16.0' },
  { minIdentifier: 16, maxIdentifier: 16, first: '17.0' },
  { minIdentifier: 17, maxIdentifier: 17, first: '18.0' },
  { minIdentifier: 18, maxIdentifier: 18, first: '26.0' },
];

/** FIRST_IOS_EXCEPTIONS: models that shipped later than the rest of their identifier generation. */
const FIRST_IOS_EXCEPTIONS: Record<string, string> = {
  'iPhone14,7': '16.0',
  'iPhone14,8': '16.0',
  'iPhone15,4': '17.0',
  'iPhone15,5': '17.0',
  'iPhone17,5': '18.3',
};

function generationOf(productName: string) {
  const match = /^iPhone(\d+),\d+$/.exec(productName);
  const major = match ? Number(match[1]) : undefined;
  return major === undefined ? undefined : SUPPORTED_IOS.find((g) => major >= g.minIdentifier && major <= g.maxIdentifier);
}

/** firstIosOf is the iOS an iPhone model shipped with; undefined for identifiers this table does not know. */
export function firstIosOf(productName: string): string | undefined {
  return FIRST_IOS_EXCEPTIONS[productName] ?? generationOf(productName)?.first;
}

/** modelRuns says whether an iPhone model can run this iOS version; unknown models are assumed to. */
export function modelRuns(productName: string, version: string): boolean {
  const generation = generationOf(productName);
  if (!generation) return true;
  const first = firstIosOf(productName) ?? generation.first;
  if (compareVersions(version, first) < 0) return false;
  return generation.lastMajor === undefined || majorOf(version) <= generation.lastMajor;
}

export interface OfferQuery {
  productName: string;
  currentVersion: string;
  now: Date;
  /** Hide releases that came out fewer than this many days before `now` (softwareupdate.settings deferral). */
  deferralDays?: number;
}

/** offeredReleases are the releases newer than the phone's that exist at `now`, that it can run and that a deferral lets through. */
export function offeredReleases(query: OfferQuery): IosCatalogueRelease[] {
  const cutoff = query.now.getTime() - (query.deferralDays ?? 0) * 86_400_000;
  return IOS_CATALOGUE.filter(
    (r) => compareVersions(r.version, query.currentVersion) > 0 && modelRuns(query.productName, r.version) && releasedAt(r).getTime() <= cutoff,
  );
}

/** DEFAULT_IOS: what a simulated phone runs unless told otherwise. */
export const DEFAULT_IOS = '17.5.1';

/** defaultIosOf is DEFAULT_IOS, or for a model that shipped later, the newest release of the major it shipped with. */
export function defaultIosOf(productName: string): string {
  const first = firstIosOf(productName);
  if (!first || compareVersions(first, DEFAULT_IOS) <= 0) return DEFAULT_IOS;
  return IOS_CATALOGUE.filter((r) => majorOf(r.version) === majorOf(first)).at(-1)?.version ?? first;
}
