import MagicString from 'magic-string';
import { type ESTree, type Plugin, parseSync, Visitor } from 'vite';

const ANTD_ES = /[\\/]node_modules[\\/]antd[\\/]es[\\/]/;
/** antd's style-hook factories; each takes (component, styleFn, getDefaultToken, options). */
const FACTORIES = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);
const CALLS = /\b(genStyleHooks|genComponentStyleHook|genSubStyleComponent)\(/;
/** What a style function becomes: no rules. */
export const NO_STYLES = '() => []';

/**
 * withoutStyleFunctions hands each of antd's style-hook factories in `code` a style function that makes no rules,
 * leaving its component token function (the CSS variables antd still registers) alone. Undefined when the module
 * calls none; throws when it names a factory but no call has a style function to replace, so an antd upgrade that
 * changes the factories' shape fails the build instead of quietly shipping the styles again.
 */
export function withoutStyleFunctions(code: string, filename: string): { code: string; map: ReturnType<MagicString['generateMap']> } | undefined {
  if (!CALLS.test(code)) return undefined;
  const { program, errors } = parseSync(filename, code);
  if (errors.length) throw new Error(`${filename}: ${errors[0].message}`);
  const out = new MagicString(code);
  let replaced = 0;
  new Visitor({
    CallExpression(node: ESTree.CallExpression) {
      const style = node.arguments[1];
      if (node.callee.type !== 'Identifier' || !FACTORIES.has(node.callee.name) || !style || style.type === 'SpreadElement') return;
      out.overwrite(style.start, style.end, NO_STYLES);
      replaced++;
    },
  }).visit(program);
  if (!replaced) throw new Error(`${filename} names an antd style-hook factory but no call with a style function: check vite/antd-style-functions.ts`);
  return { code: out.toString(), map: out.generateMap({ hires: true, source: filename }) };
}

/**
 * antdWithoutStyleFunctions drops antd's style functions from the build. Under `zeroRuntime` (app/theme.ts) antd's
 * style hooks return before calling them, since the rules come from antd's prebuilt stylesheet (vite/antd-styles.ts),
 * yet every component's chunk still carried them, with the style helpers they share: about a tenth of a page's
 * JavaScript. A component rendered without zeroRuntime (outside AntdScope) gets no runtime rules, and still the
 * prebuilt ones its style hook imports. The dev server pre-bundles antd untouched.
 */
export function antdWithoutStyleFunctions(): Plugin {
  return {
    name: 'lease:antd-without-style-functions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (ANTD_ES.test(id)) return withoutStyleFunctions(code, id.split('?')[0]);
    },
  };
}
