/**
 * The document of Apple's software lookup service (GET https://gdmf.apple.com/v2/pmv): which OS releases Apple
 * currently signs, per platform. `PublicAssetSets` are the releases a phone offers its user; `AssetSets` also keeps
 * older ones still signed for management. Each release names the devices it runs on by hardware identifier
 * (`iPhone15,2`) and by board id (`D73AP`).
 */

/** OsRelease is one iOS release the console may offer; `devices` null means "any device" (the offline list). */
export interface OsRelease {
  version: string;
  build: string;
  /** The day Apple published it (YYYY-MM-DD), which a deferral counts from. */
  postingDate: string;
  /** The day Apple stops signing it for managed devices, when Apple says. */
  expirationDate: string | null;
  /** Hardware identifiers and board ids as Apple lists them; null: not listed (offline list). */
  devices: string[] | null;
  /** Offline list only: the oldest iPhone generation (hardware major) the release runs on. */
  minIphone?: number;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const isDate = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}/.test(v);

function iosItems(sets: unknown): unknown[] {
  if (typeof sets !== 'object' || sets === null) return [];
  const ios = (sets as Record<string, unknown>).iOS;
  return Array.isArray(ios) ? ios : [];
}

/**
 * parsePmv reads the iOS releases out of a pmv document: both asset sets, one entry per build (the public one
 * wins), items without a version, build or posting date dropped. Throws when the document has no iOS list at all.
 */
export function parsePmv(doc: unknown): OsRelease[] {
  if (typeof doc !== 'object' || doc === null) throw new Error('not a JSON object');
  const d = doc as Record<string, unknown>;
  const items = [...iosItems(d.PublicAssetSets), ...iosItems(d.AssetSets)];
  if (!items.length && !('PublicAssetSets' in d) && !('AssetSets' in d)) throw new Error('no PublicAssetSets / AssetSets');
  const byBuild = new Map<string, OsRelease>();
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const i = item as Record<string, unknown>;
    const version = str(i.ProductVersion);
    const build = str(i.Build);
    const posted = str(i.PostingDate);
    if (!version || !build || !isDate(posted) || byBuild.has(build)) continue;
    const expires = str(i.ExpirationDate);
    const devices = Array.isArray(i.SupportedDevices) ? i.SupportedDevices.filter((x): x is string => typeof x === 'string') : [];
    byBuild.set(build, { version, build, postingDate: posted.slice(0, 10), expirationDate: isDate(expires) ? expires.slice(0, 10) : null, devices });
  }
  return [...byBuild.values()];
}

/** runsOn: the release lists this hardware identifier (or board id), or, offline, the phone's generation is new enough. */
export function runsOn(release: OsRelease, hardwareId: string): boolean {
  if (release.devices) {
    const id = hardwareId.toLowerCase();
    return release.devices.some((x) => x.toLowerCase() === id);
  }
  const iphone = /^iPhone(\d+),\d+$/i.exec(hardwareId);
  return !iphone || release.minIphone === undefined || Number(iphone[1]) >= release.minIphone;
}
