// Compiles apps/server (and the workspace packages it imports, @lease/*) to plain JavaScript in
// apps/server/dist, so `npm start` runs `node` on JavaScript instead of transpiling TypeScript at run
// time. Third-party packages stay external (loaded from node_modules as usual); only our own code is
// bundled. Source maps go beside the output: run it with --enable-source-maps for TypeScript stack traces.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
// SERVER_DIST builds elsewhere (a folder under the repository, so node_modules resolve): a test cluster's nodes keep
// running from their own copy while apps/server/dist is rebuilt.
const outdir = process.env.SERVER_DIST ? path.resolve(root, process.env.SERVER_DIST) : path.join(serverDir, 'dist');

/** Bare imports are external unless they are our own workspace packages, whose TypeScript we compile. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@lease/') ? undefined : { path: args.path, external: true }));
  },
};

const started = Date.now();
fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: 'apps/server/src/main.ts', 'start-demo': 'apps/server/src/demo/start-demo.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  // Names stay readable in logs and stack traces (error classes are matched by name in a few places).
  keepNames: true,
  plugins: [externalDependencies],
  logLevel: 'warning',
});
// Files the server reads at run time next to its code: the database migrations (db/client.ts looks
// for them beside the module, which in the bundle is dist/).
fs.cpSync(path.join(serverDir, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
console.log(`  服务端已编译到 ${path.relative(root, outdir)}（${Date.now() - started} ms）`);
