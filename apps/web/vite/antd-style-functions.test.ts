import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_STYLES, withoutStyleFunctions } from './antd-style-functions.ts';

const esDir = path.join(path.dirname(createRequire(import.meta.url).resolve('antd/package.json')), 'es');

function antdModules(dir = esDir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return antdModules(file);
    return e.name.endsWith('.js') ? [file] : [];
  });
}

describe('withoutStyleFunctions', () => {
  it("replaces the style function of Tabs' hook and keeps its component token function", () => {
    const file = path.join(esDir, 'tabs/style/index.js');
    const code = fs.readFileSync(file, 'utf8');
    const out = withoutStyleFunctions(code, file)?.code ?? '';
    expect(out).toMatch(/genStyleHooks\('Tabs', \(\) => \[\], prepareComponentToken\)/);
    expect(code).not.toContain(`'Tabs', ${NO_STYLES}`);
  });

  it('handles every hook the installed antd makes: each module naming a factory has its style functions replaced', () => {
    const touched = antdModules().filter((file) => withoutStyleFunctions(fs.readFileSync(file, 'utf8'), file));
    // 83 modules in antd 6.6; far fewer means the factories were renamed or moved and styles ship again.
    expect(touched.length).toBeGreaterThan(70);
    const count = (code: string, re: RegExp) => code.match(re)?.length ?? 0;
    for (const file of touched) {
      const code = fs.readFileSync(file, 'utf8');
      const out = withoutStyleFunctions(code, file)?.code ?? '';
      const calls = count(out, /\b(genStyleHooks|genComponentStyleHook|genSubStyleComponent)\(/g);
      expect(count(out, /, \(\) => \[\]/g) - count(code, /, \(\) => \[\]/g), file).toBe(calls);
    }
  });

  it('replaces the second argument of each factory, whatever it is, and leaves other calls and modules alone', () => {
    const code = [
      "const a = genStyleHooks(['Table', 'x'], genTable, prep, { order: 1 });",
      'const b = genSubStyleComponent(["Form", "item"], (token) => [genForm(token)], prep);',
      'const c = genComponentStyleHook("Wave", genWave);',
      'const d = other(1, genTable);',
    ].join('\n');
    const out = withoutStyleFunctions(code, 'x.js')?.code;
    expect(out).toBe(
      [
        "const a = genStyleHooks(['Table', 'x'], () => [], prep, { order: 1 });",
        'const b = genSubStyleComponent(["Form", "item"], () => [], prep);',
        'const c = genComponentStyleHook("Wave", () => []);',
        'const d = other(1, genTable);',
      ].join('\n'),
    );
    expect(withoutStyleFunctions('export const x = 1;', 'x.js')).toBeUndefined();
  });

  it('fails the build when a module names a factory but calls it in a shape it does not know', () => {
    expect(() => withoutStyleFunctions('export default genStyleHooks(...args);', 'x.js')).toThrow(/antd-style-functions/);
  });
});
