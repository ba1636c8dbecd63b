import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeCycle, describeEdge, findCycles, type ImportEdge, importGraph } from './test/import-graph.ts';

/**
 * The architecture rules of docs/architecture.md, checked on the import graph of the shipped source (tests, test kits
 * and test/ folders left out). Every import counts: `import type`, re-exports and `import()` too, because a type-only
 * circle still ties the files together for a reader and for the next refactor. A failure lists the edges to cut.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const SERVER = 'apps/server/src/';
const WEB = 'apps/web/src/';

/** serverLayer: 6 composition, 5 routes, 4 services, 3 repos/tables/engines and domain/, 2 adapters, 1 base. */
export function serverLayer(file: string): number {
  const r = file.slice(SERVER.length);
  if (/^(main|app|app-modules|app-decorations|ops-cli)\.ts$|^demo\/|\.module\.ts$|^modules\/ios-effects\.ts$/.test(r)) return 6;
  if (/\.(routes|guard)\.ts$/.test(r)) return 5;
  // As the review's rule: a module's own data files sit with the engines; an adapter's table stays an adapter's.
  if (r.startsWith('modules/') && !/\.(repo|table|query|item)\.ts$/.test(r)) return 4;
  if (/^(modules|domain|mdm)\//.test(r) || r === 'db/schema.ts') return 3;
  if (r.startsWith('adapters/')) return 2;
  return 1;
}

/** webLayer: 6 root files (main.tsx, AppRoot.tsx, the route table and router assembly), 5 layouts, 4 pages, 3 components/forms/router, 2 api/auth/ops, 1 lib/app and the rest. */
export function webLayer(file: string): number {
  const r = file.slice(WEB.length);
  if (!r.includes('/')) return 6;
  const top = r.slice(0, r.indexOf('/'));
  if (top === 'layouts') return 5;
  if (top === 'pages') return 4;
  if (['components', 'forms', 'router'].includes(top)) return 3;
  if (['api', 'auth', 'ops'].includes(top)) return 2;
  return 1;
}

const within = (root: string) => (e: ImportEdge) => e.from.startsWith(root) && e.to.startsWith(root);
const list = (edges: ImportEdge[], strip: string) => edges.map((e) => `  ${describeEdge(e, strip)}`).join('\n');

let server: ImportEdge[];
let web: ImportEdge[];

beforeAll(() => {
  const edges = importGraph(repoRoot, ['apps/server/src', 'apps/web/src']);
  server = edges.filter(within(SERVER));
  web = edges.filter(within(WEB));
});

describe('architecture: the scanner sees the code', () => {
  it('reads the server and web graphs, with the composition root importing the modules', () => {
    expect(server.length).toBeGreaterThan(500);
    expect(web.length).toBeGreaterThan(500);
    expect(server.some((e) => e.from === `${SERVER}app.ts` && e.to.startsWith(`${SERVER}modules/`))).toBe(true);
    expect(web.some((e) => e.dynamic)).toBe(true);
  });
});

describe('architecture: no import circles', () => {
  for (const [name, root, edges] of [
    ['apps/server/src', SERVER, () => server],
    ['apps/web/src', WEB, () => web],
  ] as const) {
    it(`${name} has no circle (type-only imports, re-exports and import() included)`, () => {
      const all = edges();
      const cycles = findCycles(all);
      const message = `${cycles.length} import circle(s) in ${name}; cut one edge of each:\n${cycles.map((c) => describeCycle(c, all, root)).join('\n')}`;
      expect(
        cycles.map((c) => c.map((f) => f.slice(root.length))),
        message,
      ).toEqual([]);
    });
  }
});

describe('architecture: every import points down a floor', () => {
  it('apps/server/src: composition > routes > services > repos/tables/engines/domain > adapters > base', () => {
    const up = server.filter((e) => serverLayer(e.to) > serverLayer(e.from));
    const message = `${up.length} server import(s) point up; move the imported piece down or hand it in from the composition root:\n${list(up, SERVER)}`;
    expect(
      up.map((e) => describeEdge(e, SERVER)),
      message,
    ).toEqual([]);
  });

  it('apps/web/src: root > layouts > pages > components/forms/router > api/auth/ops > lib/app', () => {
    const up = web.filter((e) => webLayer(e.to) > webLayer(e.from));
    const message = `${up.length} web import(s) point up; pass the value in as a prop or argument, or move it down:\n${list(up, WEB)}`;
    expect(
      up.map((e) => describeEdge(e, WEB)),
      message,
    ).toEqual([]);
  });

  it('nothing under mdm/ imports modules/ (tables included: shared tables live in domain/)', () => {
    const bad = server.filter((e) => e.from.startsWith(`${SERVER}mdm/`) && e.to.startsWith(`${SERVER}modules/`));
    expect(
      bad.map((e) => describeEdge(e, SERVER)),
      `${bad.length} engine import(s) reach into modules/:\n${list(bad, SERVER)}`,
    ).toEqual([]);
  });

  it('nothing under domain/ imports modules/: the shared floor stands on its own', () => {
    const bad = server.filter((e) => e.from.startsWith(`${SERVER}domain/`) && e.to.startsWith(`${SERVER}modules/`));
    expect(
      bad.map((e) => describeEdge(e, SERVER)),
      `${bad.length} domain/ import(s) reach into modules/:\n${list(bad, SERVER)}`,
    ).toEqual([]);
  });
});

describe('architecture: the floor rules themselves', () => {
  it('places files on the floors the docs name', () => {
    const s = (f: string) => serverLayer(SERVER + f);
    expect([
      s('app.ts'),
      s('app-modules.ts'),
      s('main.ts'),
      s('ops-cli.ts'),
      s('demo/seed.ts'),
      s('modules/abm/abm.module.ts'),
      s('modules/ios-effects.ts'),
      s('app-decorations.ts'),
    ]).toEqual([6, 6, 6, 6, 6, 6, 6, 6]);
    expect([s('modules/abm/abm.routes.ts'), s('mdm/apple/mdm.routes.ts'), s('modules/open-api/open-api.guard.ts')]).toEqual([5, 5, 5]);
    expect([s('modules/abm/abm.service.ts'), s('modules/logs/date-range.ts')]).toEqual([4, 4]);
    expect([s('modules/abm/abm.repo.ts'), s('modules/abm/abm.table.ts'), s('domain/device-events.ts'), s('mdm/apple/commander.ts'), s('db/schema.ts')]).toEqual(
      [3, 3, 3, 3, 3],
    );
    expect(s('adapters/sms/outbox.table.ts')).toBe(2);
    expect([s('adapters/apns/apns-pusher.ts'), s('db/client.ts'), s('http/authz.ts'), s('jobs/runner.ts'), s('config.ts'), s('secrets.ts')]).toEqual([
      2, 1, 1, 1, 1, 1,
    ]);
    const w = (f: string) => webLayer(WEB + f);
    expect([w('main.tsx'), w('AppRoot.tsx'), w('routes.ts'), w('layouts/ConsoleLayout.tsx'), w('pages/home/HomePage.tsx')]).toEqual([6, 6, 6, 5, 4]);
    expect([w('components/RouteTabs.tsx'), w('forms/x.ts'), w('router/build.ts'), w('api/client.ts'), w('auth/session.ts'), w('ops/x.ts')]).toEqual([
      3, 3, 3, 2, 2, 2,
    ]);
    expect([w('lib/x.ts'), w('app/feedback.ts'), w('test/render.tsx')]).toEqual([1, 1, 1]);
  });
});
