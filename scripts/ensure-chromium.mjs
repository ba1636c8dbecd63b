#!/usr/bin/env node
// Browser tests drive Debian's Chromium through playwright-core. Where it is missing, install it
// from Debian's packages (we are root on CI and dev machines); otherwise say exactly what to run.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(CHROMIUM)) process.exit(0);

const canApt = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
if (!canApt) {
  console.error(`Chromium not found at ${CHROMIUM}. Install Debian's package first:`);
  console.error('  sudo apt-get update && sudo apt-get install -y chromium');
  console.error('or point CHROMIUM_PATH at an existing Chromium binary.');
  process.exit(1);
}
console.log('Chromium missing: installing Debian package chromium…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execSync('apt-get update -qq', { stdio: 'inherit', env });
execSync('apt-get install -y -qq chromium', { stdio: 'inherit', env });
if (!fs.existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing`);
  process.exit(1);
}
