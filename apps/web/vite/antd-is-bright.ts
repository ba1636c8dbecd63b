import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const COLOR_PRESETS = '../../color-picker/components/ColorPresets';
/** The style files that import `isBright` from the colour picker's presets, and nothing else from there. */
const IMPORTERS = /[\\/]node_modules[\\/]antd[\\/]es[\\/](button|tag)[\\/]style[\\/](token|index)\.js$/;
const MODULE_ID = '\0lease:antd-is-bright';

/** isBrightModule is `isBright` as the installed antd writes it, in a module that imports only the colour class it needs. */
export function isBrightModule(): string {
  const file = createRequire(import.meta.url).resolve('antd/es/color-picker/components/ColorPresets.js');
  const source = fs.readFileSync(file, 'utf8');
  const fn = /^export const isBright = [\s\S]*?\n};$/m.exec(source)?.[0];
  if (!fn || !source.includes("import { ColorBlock, Color as RcColor } from '@rc-component/color-picker';"))
    throw new Error(`antd's ColorPresets no longer defines isBright as vite/antd-is-bright.ts expects (${file})`);
  return `import { Color as RcColor } from '@rc-component/color-picker';\n${fn}\n`;
}

/**
 * antdIsBright gives antd's Button and Tag styles `isBright` from a module of its own. They import it from the colour
 * picker's presets, which import antd's Collapse (with rc-collapse and its styles): as Button's token code runs for
 * the component CSS variables, that put Collapse (~3 KB brotli) in antd-core and so in every signed-in page's first
 * load. The function is read from the installed antd, so an upgrade that changes it changes it here too.
 */
export function antdIsBright(): Plugin {
  return {
    name: 'lease:antd-is-bright',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === COLOR_PRESETS && importer && IMPORTERS.test(importer)) return MODULE_ID;
    },
    load(id) {
      if (id === MODULE_ID) return isBrightModule();
    },
  };
}
