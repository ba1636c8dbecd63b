import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');

/** Test and crash-test files set the world up and may use any module; the rule is about what ships. */
const isTestFile = (file: string) => /\.(test|crash|e2e\.test)\.ts$|test-kit\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !isTestFile(e.name) ? [full] : [];
  });
}

/** importsOf lists every static, re-export and dynamic import specifier of a file. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(
    /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g,
  )) {
    found.push(m[1] ?? m[2] ?? m[3]);
  }
  return found;
}

/**
 * reachesUp lists the imports of the files under `layer` that land in modules/. With `tables: 'forbidden'`, table
 * definitions count too: the tables every layer shares live in domain/ (db/schema.ts gathers them), and the rest of
 * modules/ builds on the engines and must be handed down by the composition root (app.ts), never imported.
 * architecture.test.ts checks the whole graph (circles and floors); this file keeps the engine rule on its own.
 */
function reachesUp(layer: string, { tables }: { tables: 'allowed' | 'forbidden' }): string[] {
  const modules = path.join(src, 'modules') + path.sep;
  return sourceFiles(path.join(src, layer)).flatMap((file) =>
    importsOf(file)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => path.resolve(path.dirname(file), spec))
      .filter((target) => target.startsWith(modules) && (tables === 'forbidden' || !target.endsWith('.table.ts')))
      .map((target) => `${path.relative(src, file)} → ${path.relative(src, target)}`),
  );
}

describe('layering: the engines never import the feature modules', () => {
  it('finds imports at all (the scanner works)', () => {
    expect(importsOf(path.join(src, 'mdm/apple/mdm-engine.ts')).length).toBeGreaterThan(5);
    // The composition root does import modules: the same scan must see that.
    const appImports = importsOf(path.join(src, 'app.ts')).filter((s) => s.startsWith('./modules/'));
    expect(appImports).toContain('./modules/ios-effects.ts');
  });

  it('nothing under mdm/ imports from modules/, table definitions included', () => {
    expect(reachesUp('mdm', { tables: 'forbidden' })).toEqual([]);
  });

  it('nothing under domain/ (the shared pieces below both) imports from modules/ except table definitions', () => {
    expect(reachesUp('domain', { tables: 'allowed' })).toEqual([]);
  });
});
