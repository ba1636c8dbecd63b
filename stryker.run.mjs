// npm run mutation [group ...]: one Stryker run per group of stryker.groups.mjs, then the mutation score per file.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { GROUPS } from './stryker.groups.mjs';

const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(GROUPS);
for (const n of names) if (!GROUPS[n]) throw new Error(`unknown group ${n}; groups: ${Object.keys(GROUPS).join(', ')}`);

for (const name of names) {
  console.log(`\n=== mutation group ${name} ===`);
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], { stdio: 'inherit', env: { ...process.env, MUTATION_GROUP: name } });
  if (run.status !== 0) console.error(`group ${name}: stryker exited with ${run.status}`);
}

// Score per file over every group's last report (killed + timeout) / (all − ignored − no coverage counted as survived).
const rows = [];
for (const name of Object.keys(GROUPS)) {
  const file = `reports/mutation/${name}.json`;
  if (!fs.existsSync(file)) continue;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const [path, { mutants }] of Object.entries(report.files)) {
    const count = (...s) => mutants.filter((m) => s.includes(m.status)).length;
    const killed = count('Killed', 'Timeout');
    const survived = count('Survived', 'NoCoverage');
    const total = killed + survived;
    rows.push({ group: name, file: path, killed, survived, score: total ? ((100 * killed) / total).toFixed(1) : 'n/a' });
  }
}
console.log('\nmutation score per file (killed or timed out / killed + survived + not covered)');
console.table(rows);
const k = rows.reduce((a, r) => a + r.killed, 0);
const s = rows.reduce((a, r) => a + r.survived, 0);
console.log(`all files: ${k} killed, ${s} survived, ${k + s ? ((100 * k) / (k + s)).toFixed(1) : 'n/a'} %`);
