import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { antdWithoutUniqueTooltip } from './antd-unique-tooltip.ts';

const file = createRequire(import.meta.url).resolve('antd/es/config-provider/index.js');
const transform = (code: string, id: string) =>
  (antdWithoutUniqueTooltip().transform as (code: string, id: string) => string | undefined).call(undefined, code, id);

describe('antdWithoutUniqueTooltip', () => {
  it("replaces the installed ConfigProvider's import of the shared-tooltip provider, and nothing else", () => {
    const code = fs.readFileSync(file, 'utf8');
    const out = transform(code, file);
    expect(out).toBeDefined();
    expect(out).not.toContain('tooltip/UniqueProvider');
    expect(out?.length).toBeLessThan(code.length + 200);
    expect(transform(code, '/x/node_modules/antd/es/tooltip/index.js')).toBeUndefined();
  });

  it('fails the build when antd no longer imports it that way', () => {
    expect(() => transform('export default 1;', file)).toThrow(/antd-unique-tooltip/);
  });
});
