import { Color as RcColor } from '@rc-component/color-picker';
import { isBright as antdIsBrightFn } from 'antd/es/color-picker/components/ColorPresets';
import { AggregationColor } from 'antd/es/color-picker/color';
import { describe, expect, it } from 'vitest';
import { antdIsBright, isBrightModule } from './antd-is-bright.ts';

const plugin = antdIsBright();
const resolve = (source: string, importer: string) => (plugin.resolveId as (s: string, i: string) => string | undefined).call(undefined, source, importer);
const load = (id: string) => (plugin.load as (id: string) => string | undefined).call(undefined, id);

describe('antdIsBright', () => {
  it("sends Button's and Tag's styles, and nothing else, to the module of its own", () => {
    const presets = '../../color-picker/components/ColorPresets';
    const id = resolve(presets, '/x/node_modules/antd/es/button/style/token.js');
    expect(id).toBeDefined();
    expect(resolve(presets, '/x/node_modules/antd/es/tag/style/index.js')).toBe(id);
    expect(resolve('./ColorPresets', '/x/node_modules/antd/es/color-picker/components/PanelPresets.js')).toBeUndefined();
    expect(resolve(presets, '/x/node_modules/antd/es/button/Button.js')).toBeUndefined();
    expect(load(id!)).toBe(isBrightModule());
  });

  it("is the installed antd's isBright, without the presets' Collapse", () => {
    const code = isBrightModule();
    expect(code).not.toMatch(/collapse/i);
    const body = code.replace(/^import .*\n/, '').replace('export const isBright', 'const isBright');
    const isBright = new Function('RcColor', `${body}\nreturn isBright;`)(RcColor) as typeof antdIsBrightFn;
    for (const [colour, bg] of [
      ['#1677ff', '#fff'],
      ['#fadb14', '#fff'],
      ['rgba(0,0,0,0.2)', '#fff'],
      ['rgba(255,255,255,0.3)', '#000'],
      ['#000', '#fff'],
    ])
      expect(isBright(new AggregationColor(colour), bg), colour).toBe(antdIsBrightFn(new AggregationColor(colour), bg));
  });
});
