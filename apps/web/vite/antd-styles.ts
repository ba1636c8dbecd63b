import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * The antd components the console frame and the home page render (layouts/, pages/home/, components/Panel,
 * ExpiryAlerts, FirstDeviceGuide, GlobalSearch, app/staticMessage, app/UpdateNotice), by their class prefix (`.ant-btn`), with the
 * click wave and the enter/leave motions their notices use. A component added there goes here too:
 * e2e/antd-styles.test.ts fails on a styled antd class of the home that the frame's stylesheet lacks.
 */
export const FRAME_COMPONENTS = [
  'layout',
  'space',
  'flex',
  'spin',
  'btn',
  'wave',
  'alert',
  'descriptions',
  'empty',
  'skeleton',
  'steps',
  'tag',
  'typography',
  'tooltip',
  // The header's device search (components/DeviceSearchBox.tsx: AutoComplete over an Input), on every page.
  'select',
  'input',
  'message',
  'notification',
  'fade',
  'move',
  'zoom',
  'slide',
];

export type AntdStylesPart = 'frame' | 'rest';

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
 * splitAntdStyles splits antd's prebuilt stylesheet in two, keeping each rule's order: what the frame's
 * components and every page need (theme variables, keyframes, the frame components), and the rest. A rule
 * belongs to the component of the first antd class its selector names (inside an @media, of its first rule).
 */
export function splitAntdStyles(css: string, frame: readonly string[] = FRAME_COMPONENTS): Record<AntdStylesPart, string> {
  const frameSet = new Set(frame);
  const parts: Record<AntdStylesPart, string[]> = { frame: [], rest: [] };
  for (const block of blocksOf(css)) {
    const inner = block.startsWith('@media') || block.startsWith('@supports') || block.startsWith('@layer') ? block.slice(block.indexOf('{') + 1) : block;
    const component = block.startsWith('@keyframes') ? null : /\.ant-([a-z]+)/.exec(inner.slice(0, inner.indexOf('{')))?.[1];
    parts[component && !frameSet.has(component) ? 'rest' : 'frame'].push(block);
  }
  return { frame: parts.frame.join(''), rest: parts.rest.join('') };
}

const PREFIX = 'virtual:antd-styles/';
const RESOLVED = '\0antd-styles/';

/**
 * antdStyles serves antd's prebuilt stylesheet (theme.ts: zeroRuntime) as two modules:
 * `virtual:antd-styles/frame.css`, imported with the layouts (app/AntdScope.tsx), and `virtual:antd-styles/rest.css`,
 * loaded before any page but the home renders (router/build.ts). The console's first screen on a phone then waits
 * for about a quarter of antd's 73 KB of CSS instead of all of it.
 */
export function antdStyles(): Plugin {
  let parts: Record<AntdStylesPart, string> | undefined;
  return {
    name: 'lease:antd-styles',
    enforce: 'pre',
    resolveId: (id) => (id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : undefined),
    load(id) {
      if (!id.startsWith(RESOLVED)) return;
      const part = id.slice(RESOLVED.length).replace(/\.css$/, '') as AntdStylesPart;
      parts ??= splitAntdStyles(fs.readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8'));
      return parts[part];
    },
  };
}
