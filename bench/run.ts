import { benchConsoleBundle } from './console-bundle.ts';
import { benchLogin } from './login-latency.ts';
import { kb } from './stats.ts';

// `npm run bench`: prints figures against the targets of the issues; it never fails on a figure.
const only = process.argv[2];
const row = (name: string, value: string, target: string) => console.log(`${name.padEnd(42)} ${value.padEnd(26)} target ${target}`);

if (!only || only === 'console') {
  const { loginPage, home } = await benchConsoleBundle();
  row('console first-load JS, /login (gzip)', `${kb(loginPage.gzip)} in ${loginPage.files} files`, '≤ 250 KB');
  row('console first-load JS, /console (gzip)', `${kb(home.gzip)} in ${home.files} files`, '≤ 250 KB');
}
if (!only || only === 'login') {
  for (const kind of ['pglite', 'postgres'] as const) {
    const { p50, p95 } = await benchLogin(kind);
    row(`login server time, ${kind}`, `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`, '≤ 60 ms');
  }
}
