import http from 'node:http';
import { listenLocal } from '../listen-local.ts';

/** GdmfRelease is one iOS release the stand-in publishes, as Apple's pmv document lists it. */
export interface GdmfRelease {
  ProductVersion: string;
  Build: string;
  PostingDate: string;
  ExpirationDate?: string;
  SupportedDevices: string[];
}

/** MockGdmfFault scripts a failure: an HTTP status, a delay before answering (timeouts), or a body that is not JSON. */
export interface MockGdmfFault {
  status?: number;
  delayMs?: number;
  garbage?: boolean;
}

export interface MockGdmfOptions {
  port?: number;
  host?: string;
  /** The iOS releases published; default GDMF_RELEASES. */
  releases?: GdmfRelease[];
}

const IPHONES_18 = ['iPhone11,2', 'iPhone11,8', 'iPhone12,1', 'iPhone13,2', 'iPhone14,5', 'iPhone15,2', 'iPhone15,4', 'iPhone16,1', 'iPhone17,1', 'D73AP'];
const IPHONES_26 = IPHONES_18.filter((d) => !d.startsWith('iPhone11,')).concat('iPhone18,1', 'iPhone18,3');

/** GDMF_RELEASES: a small public history for tests, in Apple's shape (iOS 26 drops iPhone XS/XR). */
export const GDMF_RELEASES: GdmfRelease[] = [
  { ProductVersion: '17.7.2', Build: '21H221', PostingDate: '2024-11-19', SupportedDevices: IPHONES_18 },
  { ProductVersion: '18.1.1', Build: '22B91', PostingDate: '2024-11-19', SupportedDevices: IPHONES_18 },
  { ProductVersion: '18.6.2', Build: '22G100', PostingDate: '2025-08-20', SupportedDevices: IPHONES_18 },
  { ProductVersion: '26.1', Build: '23B85', PostingDate: '2025-11-03', SupportedDevices: IPHONES_26 },
];

/**
 * startMockGdmf runs a local HTTP server in the place of Apple's software lookup service (gdmf.apple.com):
 * GET /v2/pmv answers `{PublicAssetSets: {iOS: [...], macOS: []}, AssetSets: {iOS: [...]}}`; the newest release is
 * public, the older ones are kept in AssetSets as Apple does for managed devices. Tests script faults with setFault.
 */
export async function startMockGdmf(options: MockGdmfOptions = {}) {
  let releases = options.releases ?? GDMF_RELEASES;
  let fault: MockGdmfFault = {};
  let requests = 0;
  const server = http.createServer((req, res) => {
    const send = (status: number, body: string, type = 'application/json') => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/v2/pmv') return send(404, 'not found', 'text/plain');
    requests++;
    const answer = () => {
      if (fault.status) return send(fault.status, '<html>Service Unavailable</html>', 'text/html');
      if (fault.garbage) return send(200, '<html>not json</html>', 'text/html');
      const newest = releases.reduce<GdmfRelease | null>((a, r) => (!a || r.PostingDate > a.PostingDate ? r : a), null);
      send(
        200,
        JSON.stringify({
          PublicAssetSets: { iOS: newest ? [newest] : [], macOS: [] },
          AssetSets: { iOS: releases.filter((r) => r !== newest), macOS: [] },
          PublicRapidSecurityResponses: { iOS: [] },
        }),
      );
    };
    if (fault.delayMs) setTimeout(answer, fault.delayMs);
    else answer();
  });
  const listening = await listenLocal(server, options);
  return {
    origin: listening.origin,
    close: listening.close,
    setFault(f: MockGdmfFault) {
      fault = f;
    },
    setReleases(r: GdmfRelease[]) {
      releases = r;
    },
    get requests() {
      return requests;
    },
  };
}
export type MockGdmf = Awaited<ReturnType<typeof startMockGdmf>>;
