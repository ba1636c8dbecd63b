// `npm test`: every phase in order, each run to the end even when an earlier one failed, then one table of
// phase, result and minutes; exits 1 when any phase failed. The runtime check (scripts/runtime.mjs) and the
// pre-flight (scripts/preflight.mjs) come first and stop the run at once: nothing after them could pass.
// `npm test -- unit e2e` runs only the named phases (after the two checks).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const PHASES = [
  { name: 'typecheck', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  { name: 'unit', script: 'test:unit' },
  { name: 'pg', script: 'test:pg' },
  { name: 'crash', script: 'test:crash' },
  { name: 'e2e', script: 'test:e2e' },
  { name: 'cluster', script: 'test:cluster' },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !PHASES.some((p) => p.name === w));
if (unknown.length) {
  console.error(`  未知的测试阶段：${unknown.join(', ')}（可选：${PHASES.map((p) => p.name).join(', ')}）`);
  process.exit(2);
}

/** run starts one command with the terminal attached and returns how it ended and how long it took. */
function run(cmd, args) {
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  return { ok: result.status === 0, signal: result.signal, minutes: (Date.now() - started) / 60_000 };
}

// The escape character, written out: a control character in a regex literal reads as a mistake.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
// Vitest's marks open a line ("8 × 4.8 MB" in a test's own output is not a failure).
const FAILURE_LINE = /^\s*(FAIL|×|✗)\s|AssertionError|^\s*(Error|TypeError|RangeError):|Test timed out/;

/**
 * runPhase passes a phase's output through as it comes and keeps its failure lines (a failed test's name and the
 * lines of its error after it): CI shows only the end of a long log, so they are printed again under the table.
 */
function runPhase(script) {
  const started = Date.now();
  const child = spawn('npm', ['run', script], {
    cwd: root,
    stdio: ['inherit', 'pipe', 'pipe'],
    env: process.stdout.isTTY ? { FORCE_COLOR: '1', ...process.env } : process.env,
  });
  const failures = [];
  let after = 0;
  const scan = (text) => {
    for (const raw of text.split('\n')) {
      const line = raw.replace(ANSI, '').trimEnd();
      if (FAILURE_LINE.test(line)) after = 4;
      if (after > 0 && line.trim() && failures.length < 80) failures.push(line.slice(0, 400));
      after--;
    }
  };
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = '';
    // Decoded as a stream, so a character split across two chunks is not broken.
    from.setEncoding('utf8');
    from.on('data', (chunk) => {
      to.write(chunk);
      const text = rest + chunk;
      const cut = text.lastIndexOf('\n');
      rest = text.slice(cut + 1);
      scan(text.slice(0, cut + 1));
    });
    from.on('end', () => scan(rest));
  }
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ ok: code === 0, signal, minutes: (Date.now() - started) / 60_000, failures })));
}

for (const check of ['scripts/runtime.mjs', 'scripts/preflight.mjs']) {
  if (!run(process.execPath, [check]).ok) process.exit(1);
}

const results = [];
for (const phase of PHASES.filter((p) => !wanted.length || wanted.includes(p.name))) {
  console.log(`\n  ── ${phase.name}（npm run ${phase.script}）──\n`);
  const outcome = await runPhase(phase.script);
  results.push({ ...phase, ...outcome });
  // Ctrl-C reaches the phase and this runner alike: stop here instead of starting the next phase.
  if (outcome.signal === 'SIGINT' || outcome.signal === 'SIGTERM') break;
}

const notRun = PHASES.filter((p) => (!wanted.length || wanted.includes(p.name)) && !results.some((r) => r.name === p.name));
const rows = [
  ...results.map((r) => [r.name, r.ok ? 'pass' : r.signal ? `stopped (${r.signal})` : 'FAIL', r.minutes.toFixed(1)]),
  ...notRun.map((p) => [p.name, 'not run', '-']),
];
const widths = [0, 1, 2].map((i) => Math.max(...[['phase', 'result', 'minutes'], ...rows].map((r) => r[i].length)));
const line = (cells) => `  ${cells.map((c, i) => (i === 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ')}`;
console.log(['', line(['phase', 'result', 'minutes']), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
const failed = results.filter((r) => !r.ok).map((r) => r.name);
const summary = [failed.length ? `失败：${failed.join(', ')}` : '', notRun.length ? `未运行：${notRun.map((p) => p.name).join(', ')}` : ''].filter(Boolean);
for (const r of results.filter((r) => !r.ok && r.failures.length)) {
  console.log(`\n  ── ${r.name} 的失败（摘自上文）──\n${r.failures.map((l) => `  ${l}`).join('\n')}`);
}
console.log(`\n  ${summary.join('；') || '全部通过'}\n`);
process.exit(failed.length || notRun.length ? 1 : 0);
