import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { type SchemaFile, SchemaFileZ } from './schema-types.ts';
import { resolveSchemaDir } from './schema-dir.ts';

/** DeclarativeFile is one YAML of Apple's `declarative/` folder: a declaration, a status item or a protocol document. */
const DeclarativeFileZ = SchemaFileZ.extend({
  payload: z.object({ requesttype: z.string().optional(), declarationtype: z.string().optional(), statusitemtype: z.string().optional() }),
});

/** DeclarativeSchemas indexes Apple's DDM YAML by declaration type, status item name and protocol document. */
export interface DeclarativeSchemas {
  /** DeclarationBase: the keys every declaration has (Type, Identifier, ServerToken, Payload). */
  base: SchemaFile;
  declarations: Map<string, SchemaFile>;
  status: Map<string, SchemaFile>;
  protocol: Map<string, SchemaFile>;
}

function readYaml(where: string) {
  const parsed = DeclarativeFileZ.safeParse(parse(fs.readFileSync(where, 'utf8')));
  if (!parsed.success) throw new Error(`Apple schema ${where} has an unexpected shape: ${parsed.error.message}`);
  return parsed.data;
}

function readFolder(dir: string, keyOf: (file: z.infer<typeof DeclarativeFileZ>) => string | undefined, into = new Map<string, SchemaFile>()) {
  for (const name of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.yaml'))
    .sort()) {
    const file = readYaml(path.join(dir, name));
    const key = keyOf(file);
    if (key) into.set(key, file);
  }
  return into;
}

/** loadDeclarativeSchemas reads `declarative/` under Apple's schema folder (synchronously, once). */
export function loadDeclarativeSchemas(dir = resolveSchemaDir()): DeclarativeSchemas {
  const root = path.join(dir, 'declarative');
  if (!fs.existsSync(root)) throw new Error(`no Apple declarative schemas under ${root}`);
  const declarations = new Map<string, SchemaFile>();
  for (const kind of ['activations', 'configurations', 'assets', 'management'])
    readFolder(path.join(root, 'declarations', kind), (f) => f.payload.declarationtype, declarations);
  return {
    base: readYaml(path.join(root, 'declarations', 'declarationbase.yaml')),
    declarations,
    status: readFolder(path.join(root, 'status'), (f) => f.payload.statusitemtype),
    protocol: readFolder(path.join(root, 'protocol'), (f) => f.payload.requesttype),
  };
}

let cached: DeclarativeSchemas | undefined;

/** declarativeSchemas is the process-wide set, loaded on first use. */
export const declarativeSchemas = (): DeclarativeSchemas => (cached ??= loadDeclarativeSchemas());
