#!/usr/bin/env node
// Browser tests drive Debian's Chromium through playwright-core; CHROMIUM_PATH points at another binary.
import { ensureDebianPackage } from './ensure-debian-package.mjs';

ensureDebianPackage('chromium', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
