// Checks, before `npm test` starts its phases, what the tests need from outside the repository, and stops
// at once with one line per thing missing. Today that is Apple's device-management YAML (the Apple schema
// tests validate every command, check-in and profile against it): beside the repository or APPLE_SCHEMA_DIR.
// Node 24 strips the types of the server's schema-dir.ts, so the pin and the hint live in one place.
import fs from 'node:fs';
import path from 'node:path';
import { missingSchemaHint, schemaDirOf } from '../apps/server/src/mdm/apple/schema/schema-dir.ts';

const dir = schemaDirOf(process.env);
if (!fs.existsSync(path.join(dir, 'mdm', 'commands'))) {
  console.error(`\n  ${missingSchemaHint(dir)}\n`);
  process.exit(1);
}
