import fs from 'node:fs';
import path from 'node:path';
import lighthouse, { desktopConfig, type Config, type RunnerResult } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { launch } from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { E2E } from '../e2e/seed.ts';
import { startConsoleServer } from './console-server.ts';

export interface LighthouseRow {
  page: string;
  formFactor: 'mobile' | 'desktop';
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Main-thread time by kind (Lighthouse's groups: script evaluation, style & layout…), ms under its CPU slowdown. */
  mainThread: Record<string, number>;
  /** Script evaluation by file (the three largest), ms. */
  bootup: { url: string; ms: number }[];
  /** Bytes transferred and requests made during the run. */
  bytes: number;
  requests: number;
  /**
   * Every run's performance score, lowest first (the row is the median run's), each with Lighthouse's measure of the
   * host CPU during that run (`environment.benchmarkIndex`). Its phone is the host slowed 4×, so a slower or busier
   * box scores lower for the same page: the pair says whether the box or the build moved.
   */
  runs: { performance: number; benchmarkIndex: number }[];
  /** Why the runs that failed failed: they are left out of the median, and when all fail the row's zeros are theirs. */
  failures: string[];
}

/** Issue 14's targets (issue 29 part 6 for the signed-in pages on a phone): performance by page and form factor, accessibility ≥ 95 everywhere. */
export const LIGHTHOUSE_TARGETS: Record<string, { mobile: number; desktop: number }> = {
  '/login': { mobile: 90, desktop: 95 },
  '/console': { mobile: 90, desktop: 95 },
  'Apple list': { mobile: 90, desktop: 95 },
  'Apple detail': { mobile: 90, desktop: 95 },
};
export const ACCESSIBILITY_TARGET = 95;

/** Runs per page and form factor (BENCH_LH_RUNS), of which the median one is reported. */
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));

const itemsOf = (audit: { details?: unknown } | undefined) => ((audit?.details as { items?: unknown[] } | undefined)?.items ?? []) as object[];

/**
 * benchLighthouse runs Lighthouse (its default mobile profile with simulated slow 4G and a 4× slower
 * CPU, and its desktop profile) in Debian's Chromium on the built console: /login as a visitor, then
 * /console, the Apple list and an Apple detail signed in (the session is kept; the HTTP cache is emptied before each run).
 * The browser reaches the console as a phone does in production, through a TLS front speaking HTTP/2.
 */
export async function benchLighthouse(): Promise<LighthouseRow[]> {
  // BENCH_LH_PLAIN=1 skips the TLS front: the server's own HTTP/1.1, as a browser on the box would see it.
  const tls = !process.env.BENCH_LH_PLAIN;
  const server = await startConsoleServer(4500, { tls });
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // The front's certificate is self-signed for 127.0.0.1.
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
      ...(tls ? ['--ignore-certificate-errors'] : []),
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    const rows: LighthouseRow[] = [];
    // BENCH_LH_ONLY="/console mobile,Apple list" audits only the runs whose "page formFactor" contains one of the words.
    const only = process.env.BENCH_LH_ONLY?.split(',').filter(Boolean);
    const audit = async (name: string, pathname: string, formFactor: 'mobile' | 'desktop', signedIn: boolean) => {
      if (only && !only.some((w) => `${name} ${formFactor}`.includes(w))) return;
      const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
      // Lighthouse's own advice for a noisy machine: several runs, and the one nearest the median FCP and TTI.
      const results: RunnerResult[] = [];
      for (let run = 0; run < RUNS; run++) {
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
        const result = await lighthouse(
          server.base + pathname,
          { output: 'json', logLevel: 'error', disableStorageReset: signedIn, onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
          config,
          page,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${pathname}`);
        results.push(result);
      }
      const ok = results.filter((r) => !r.lhr.runtimeError);
      const median = ok.length ? computeMedianRun(ok.map((r) => r.lhr)) : undefined;
      const result = ok.find((r) => r.lhr === median) ?? results[0];
      const runs = ok
        .map(({ lhr }) => ({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        }))
        .sort((a, b) => a.performance - b.performance);
      const failures = results.flatMap((r) => (r.lhr.runtimeError ? [`${r.lhr.runtimeError.code} ${r.lhr.runtimeError.message}`] : []));
      const { categories, audits } = result.lhr;
      // BENCH_LHR_DIR=dir keeps each full report (open it in Chrome's Lighthouse viewer, or read it with jq) and its trace.
      if (process.env.BENCH_LHR_DIR) {
        fs.mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
        const file = path.join(process.env.BENCH_LHR_DIR, `${name.replace(/\W+/g, '-').replace(/^-/, '') || 'page'}-${formFactor}`);
        fs.writeFileSync(`${file}.json`, JSON.stringify(result.lhr));
        // The trace the scores were simulated from: open it in Chrome's Performance panel to see each long task.
        fs.writeFileSync(`${file}.trace.json`, JSON.stringify(result.artifacts.Trace));
      }
      const score = (k: string) => Math.round((categories[k]?.score ?? 0) * 100);
      rows.push({
        page: name,
        formFactor,
        scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        mainThread: Object.fromEntries(
          (itemsOf(audits['mainthread-work-breakdown']) as { groupLabel: string; duration: number }[]).map((i) => [i.groupLabel, i.duration]),
        ),
        bootup: (itemsOf(audits['bootup-time']) as { url: string; scripting: number }[])
          .slice(0, 3)
          .map((i) => ({ url: i.url.replace(/^https?:\/\/[^/]+/, ''), ms: i.scripting })),
        bytes: audits['total-byte-weight']?.numericValue ?? NaN,
        requests: itemsOf(audits['network-requests']).length,
        runs,
        failures,
      });
      // BENCH_VERBOSE=1 names what costs points: the failing audits of each run.
      if (process.env.BENCH_VERBOSE) {
        for (const a of Object.values(audits)) {
          if (a.score === null || a.score >= 0.9 || a.scoreDisplayMode !== 'binary') continue;
          console.log(`    ${name} ${formFactor}: ${a.id} — ${a.title}`);
          // The first elements at fault, so the fix is findable without opening the report.
          const items = ((a.details as { items?: { node?: { snippet?: string; explanation?: string } }[] } | undefined)?.items ?? []).slice(0, 4);
          for (const i of items)
            if (i.node?.snippet) console.log(`      ${i.node.snippet.slice(0, 160)} ${(i.node.explanation ?? '').split('\n')[1] ?? ''}`.slice(0, 300));
        }
      }
    };
    for (const formFactor of ['mobile', 'desktop'] as const) await audit('/login', '/login', formFactor, false);
    await page.goto(`${server.base}/login`);
    await page.locator('input[name="account"]').fill(E2E.admin);
    await page.locator('input[name="password"]').fill(E2E.password);
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.locator('button[type="submit"]').click()]);
    for (const formFactor of ['mobile', 'desktop'] as const) {
      await audit('/console', '/console', formFactor, true);
      await audit('Apple list', '/console/device/ios/list', formFactor, true);
      await audit('Apple detail', `/console/device/ios/${server.appleId}`, formFactor, true);
    }
    return rows;
  } finally {
    await browser.disconnect();
    chrome.kill();
    await server.stop();
  }
}
