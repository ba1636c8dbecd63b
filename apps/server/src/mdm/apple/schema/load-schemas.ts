import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { type SchemaFile, SchemaFileZ } from './schema-types.ts';
import { resolveSchemaDir } from './schema-dir.ts';

/** AppleSchemas indexes Apple's YAML by command RequestType, check-in MessageType and profile PayloadType. */
export interface AppleSchemas {
  dir: string;
  commands: Map<string, SchemaFile>;
  checkin: Map<string, SchemaFile>;
  profiles: Map<string, SchemaFile>;
}

function readFolder(dir: string, keyOf: (file: SchemaFile) => string | undefined): Map<string, SchemaFile> {
  const byKey = new Map<string, SchemaFile>();
  if (!fs.existsSync(dir)) return byKey;
  for (const name of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.yaml'))
    .sort()) {
    const where = path.join(dir, name);
    const parsed = SchemaFileZ.safeParse(parse(fs.readFileSync(where, 'utf8')));
    if (!parsed.success) throw new Error(`Apple schema ${where} has an unexpected shape: ${parsed.error.message}`);
    const key = keyOf(parsed.data);
    if (key) byKey.set(key, parsed.data);
  }
  return byKey;
}

/** loadAppleSchemas reads every command, check-in and profile schema under `dir` (synchronously, once). */
export function loadAppleSchemas(dir = resolveSchemaDir()): AppleSchemas {
  const mdm = path.join(dir, 'mdm');
  const schemas = {
    dir,
    commands: readFolder(path.join(mdm, 'commands'), (f) => f.payload.requesttype),
    checkin: readFolder(path.join(mdm, 'checkin'), (f) => f.payload.requesttype),
    profiles: readFolder(path.join(mdm, 'profiles'), (f) => f.payload.payloadtype),
  };
  if (schemas.commands.size === 0 || schemas.checkin.size === 0) throw new Error(`no Apple MDM schemas under ${mdm}`);
  return schemas;
}

let cached: AppleSchemas | undefined;

/** appleSchemas is the process-wide set, loaded on first use from resolveSchemaDir(). */
export const appleSchemas = (): AppleSchemas => (cached ??= loadAppleSchemas());
