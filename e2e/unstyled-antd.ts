import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The antd classes that antd's full stylesheet has rules for. */
const styledClasses = new Set(
  [...fs.readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8').matchAll(/\.(ant-[a-z0-9-]+)/g)].map((m) => m[1]),
);

/**
 * unstyledAntd lists the antd classes on the page that antd styles but no stylesheet the page loaded does: the
 * console loads antd's stylesheet a component at a time, with the component's code (vite/antd-styles.ts), so a
 * component whose part did not come would be drawn unstyled.
 */
export async function unstyledAntd(page: Page): Promise<string[]> {
  const { used, loaded } = await page.evaluate(() => {
    const used = new Set([...document.querySelectorAll('[class*="ant-"]')].flatMap((e) => [...e.classList].filter((c) => c.startsWith('ant-'))));
    const loaded = new Set<string>();
    const visit = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) for (const m of rule.selectorText.matchAll(/\.(ant-[\w-]+)/g)) loaded.add(m[1]);
        else if (rule instanceof CSSGroupingRule) visit(rule.cssRules);
      }
    };
    for (const sheet of document.styleSheets) visit(sheet.cssRules);
    return { used: [...used], loaded: [...loaded] };
  });
  const have = new Set(loaded);
  return used.filter((c) => styledClasses.has(c) && !have.has(c)).sort();
}
