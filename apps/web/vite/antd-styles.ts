import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The part of the stylesheet that belongs to no component: theme variables, keyframes, motions, icons. */
export const GLOBAL = 'global';

/** blocksOf cuts a stylesheet into its top-level rules and at-rules, in order. */
function blocksOf(css: string): string[] {
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      blocks.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  return blocks;
}

/**
 * splitAntdStyles cuts antd's prebuilt stylesheet by component, each part keeping its rules' order. A rule belongs
 * to the component of the first antd class its selector names (inside an at-rule, of its first rule): the longest
 * of `prefixes` that the class is or starts (`ant-input-number-handler` is input-number's, not input's). Keyframes
 * and rules of no component are GLOBAL's.
 */
export function splitAntdStyles(css: string, prefixes: readonly string[]): Map<string, string> {
  const longestFirst = [...prefixes].sort((a, b) => b.length - a.length);
  const parts = new Map<string, string[]>([[GLOBAL, []]]);
  for (const block of blocksOf(css)) {
    const inner =
      block.startsWith('@media') || block.startsWith('@supports') || block.startsWith('@layer') || block.startsWith('@container')
        ? block.slice(block.indexOf('{') + 1)
        : block;
    const cls = block.startsWith('@keyframes') ? undefined : /\.ant-([a-z-]*[a-z])/.exec(inner.slice(0, inner.indexOf('{')))?.[1];
    const owner = (cls && longestFirst.find((p) => cls === p || cls.startsWith(`${p}-`))) || GLOBAL;
    (parts.get(owner) ?? parts.set(owner, []).get(owner)!).push(block);
  }
  return new Map([...parts].map(([k, v]) => [k, v.join('')]));
}

/**
 * styleOwners reads antd's modules for the class prefixes each component asks for (`getPrefixCls('btn')`) and
 * names, for each prefix, the module its stylesheet part is imported from: the style hook of the asking folder of
 * that name, else of every folder that asks for it (`btn` is button's and popconfirm's; `col` is grid's, whose
 * folder `col` only re-exports). A component's code
 * imports its style hook, so its stylesheet part travels in the same chunk.
 */
export function styleOwners(esDir: string): Map<string, string[]> {
  const askedBy = new Map<string, Set<string>>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(esDir, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name !== 'style' && entry.name !== 'locale') walk(rel);
        continue;
      }
      if (!entry.name.endsWith('.js')) continue;
      // The component folder: `button`, or `_util/wave` for antd's shared parts.
      const folder = rel
        .split('/')
        .slice(0, rel.startsWith('_') ? 2 : 1)
        .join('/');
      for (const m of fs.readFileSync(path.join(esDir, rel), 'utf8').matchAll(/getPrefixCls\(['"]([a-z-]+)['"]/g))
        (askedBy.get(m[1]) ?? askedBy.set(m[1], new Set()).get(m[1])!).add(folder);
    }
  };
  walk('');
  const hookOf = (folder: string) => [`${folder}/style/index.js`, `${folder}/style.js`, `${folder}/index.js`].find((f) => fs.existsSync(path.join(esDir, f)));
  const owners = new Map<string, string[]>();
  for (const [prefix, folders] of askedBy) {
    const own = folders.has(prefix) ? [prefix] : [...folders];
    for (const folder of own) {
      const hook = hookOf(folder);
      if (hook) (owners.get(hook) ?? owners.set(hook, []).get(hook)!).push(prefix);
    }
  }
  return owners;
}

const PREFIX = 'virtual:antd-styles/';
const RESOLVED = '\0antd-styles/';
const ANTD_ES = /[\\/]node_modules[\\/]antd[\\/]es[\\/](.+)$/;

/**
 * antdStyles serves antd's prebuilt stylesheet (theme.ts: zeroRuntime) in parts: `virtual:antd-styles/global.css`,
 * imported with the layouts (app/AntdScope.tsx), and one part per component, which the build imports from the
 * component's style hook. A page then waits only for the styles of the components its chunks hold (the list's
 * table, not the wallpaper page's upload), and a phone parses ~100 KB of CSS instead of antd's whole 1 MB.
 * The dev server pre-bundles antd without this plugin's transform, so there the global part is the whole sheet.
 */
export function antdStyles(): Plugin {
  const require = createRequire(import.meta.url);
  let whole = true;
  let parts: Map<string, string> | undefined;
  let owners: Map<string, string[]> | undefined;
  const ownersOf = () => (owners ??= styleOwners(path.join(path.dirname(require.resolve('antd/package.json')), 'es')));
  return {
    name: 'lease:antd-styles',
    enforce: 'pre',
    configResolved: (config) => {
      whole = config.command !== 'build';
    },
    resolveId: (id) => (id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : undefined),
    load(id) {
      if (!id.startsWith(RESOLVED)) return;
      const part = id.slice(RESOLVED.length).replace(/\.css$/, '');
      const css = fs.readFileSync(require.resolve('antd/dist/antd.css'), 'utf8');
      if (whole) return part === GLOBAL ? css : '';
      parts ??= splitAntdStyles(css, [...new Set([...ownersOf().values()].flat())]);
      return parts.get(part) ?? '';
    },
    transform(code, id) {
      if (whole) return;
      const module = ANTD_ES.exec(id.split('?')[0])?.[1].replaceAll('\\', '/');
      const prefixes = module && ownersOf().get(module);
      // Appended, not prepended: the module's own code does not move, so its source map stays right.
      if (prefixes) return { code: `${code}\n${prefixes.map((p) => `import '${PREFIX}${p}.css';`).join('\n')}\n`, map: null };
    },
  };
}
