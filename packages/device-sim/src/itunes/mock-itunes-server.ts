import http from 'node:http';
import { ITUNES_CATALOG, type StandInApp, artworkSvg, matches } from './itunes-catalog.ts';
import { listenLocal } from '../listen-local.ts';

/** MockItunesFault scripts a failure: an HTTP status to answer, or a delay before answering (timeouts). */
export interface MockItunesFault {
  status?: number;
  delayMs?: number;
  /** Answer 200 with a body that is not JSON. */
  garbage?: boolean;
}

export interface MockItunesOptions {
  /** Fixed port for a stand-in a running server points at (ITUNES_ORIGIN); default: any free port. */
  port?: number;
  host?: string;
}

const ENTITIES = new Set(['software', 'iPadSoftware', 'macSoftware']);

function toResult(app: StandInApp, origin: string) {
  const art = (size: number) => `${origin}/artwork/${app.trackId}/${size}x${size}bb.svg`;
  return {
    wrapperType: 'software',
    kind: 'software',
    trackId: app.trackId,
    trackName: app.trackName,
    bundleId: app.bundleId,
    version: app.version,
    sellerName: app.sellerName,
    artistName: app.sellerName,
    artworkUrl60: art(60),
    artworkUrl100: art(100),
    artworkUrl512: art(512),
    primaryGenreName: app.genre,
    price: 0,
    formattedPrice: '免费',
    currency: 'CNY',
    minimumOsVersion: '13.0',
    supportedDevices: [...(app.iphone ? ['iPhone15-iPhone15'] : []), ...(app.ipad ? ['iPadPro11-iPadPro11'] : [])],
    trackViewUrl: `https://apps.apple.com/cn/app/id${app.trackId}`,
  };
}

/**
 * startMockItunes runs a local HTTP server in the iTunes Search API's place: GET /search with term,
 * country, entity (software = iPhone, iPadSoftware = iPad) and limit answers `{resultCount, results}` from a
 * catalog of real Chinese apps, and serves generated icons under /artwork. Tests script faults with setFault.
 */
export async function startMockItunes(options: MockItunesOptions = {}) {
  const requests: URL[] = [];
  let fault: MockItunesFault = {};
  let origin = '';

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const send = (status: number, body: string, type = 'text/javascript; charset=utf-8') => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' });
      res.end(body);
    };
    const art = /^\/artwork\/(\d+)\/\d+x\d+bb\.svg$/.exec(url.pathname);
    if (art) {
      const app = ITUNES_CATALOG.find((a) => String(a.trackId) === art[1]);
      return app ? send(200, artworkSvg(app), 'image/svg+xml') : send(404, 'not found', 'text/plain');
    }
    if (url.pathname !== '/search') return send(404, 'not found', 'text/plain');
    requests.push(url);
    const answer = () => {
      if (fault.status) return send(fault.status, JSON.stringify({ errorMessage: 'scripted failure' }));
      if (fault.garbage) return send(200, '<html>Service Unavailable</html>', 'text/html');
      const country = url.searchParams.get('country') ?? 'us';
      const entity = url.searchParams.get('entity') ?? 'software';
      // Apple answers bad parameters with 400 and an errorMessage, as here.
      if (!/^[a-z]{2}$/i.test(country) || !ENTITIES.has(entity)) {
        return send(400, JSON.stringify({ errorMessage: 'Invalid value(s) for key(s): [country, entity]', queryParameters: {} }));
      }
      const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 50) || 50, 1), 200);
      const forIpad = entity === 'iPadSoftware';
      const found = ITUNES_CATALOG.filter((a) => (forIpad ? a.ipad : a.iphone) && matches(a, url.searchParams.get('term') ?? '')).slice(0, limit);
      send(200, JSON.stringify({ resultCount: found.length, results: found.map((a) => toResult(a, origin)) }));
    };
    if (fault.delayMs) setTimeout(answer, fault.delayMs);
    else answer();
  });

  const listening = await listenLocal(server, options);
  origin = listening.origin;

  return {
    origin,
    /** Every /search request seen, newest last. */
    requests,
    setFault(next: MockItunesFault) {
      fault = next;
    },
    close: listening.close,
  };
}
export type MockItunes = Awaited<ReturnType<typeof startMockItunes>>;
