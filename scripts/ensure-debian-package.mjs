#!/usr/bin/env node
// Tools the tests drive from Debian's packages (Chromium for the browser tests, HAProxy for the cluster tests):
// where one is missing, install it with apt-get (we are root on CI and dev machines); otherwise say what to run.
// `node scripts/ensure-debian-package.mjs <package> [binary]`; the binary defaults to /usr/bin/<package>, or
// /usr/sbin/<package> when that exists.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

/** ensureDebianPackage makes sure `binary` exists, installing `pkg` when it does not; exits the process on failure. */
export function ensureDebianPackage(pkg, binary) {
  if (fs.existsSync(binary)) return;
  const canApt = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canApt) {
    console.error(`${binary} not found. Install Debian's package first:`);
    console.error(`  sudo apt-get update && sudo apt-get install -y ${pkg}`);
    process.exit(1);
  }
  console.log(`${pkg} missing: installing Debian package ${pkg}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync('apt-get update -qq', { stdio: 'inherit', env });
  execSync(`apt-get install -y -qq ${pkg}`, { stdio: 'inherit', env });
  if (!fs.existsSync(binary)) {
    console.error(`apt-get finished but ${binary} is still missing`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [pkg, binary] = process.argv.slice(2);
  const found = binary ?? ['/usr/bin', '/usr/sbin'].map((dir) => `${dir}/${pkg}`).find((p) => fs.existsSync(p)) ?? `/usr/sbin/${pkg}`;
  ensureDebianPackage(pkg, found);
}
