/**
 * The home page budget: Lighthouse's mobile preset on the built `/`, served by the real
 * app, in Debian's Chromium. Prints the median performance and accessibility scores of N runs, the
 * Core Web Vitals behind them, the initial JavaScript of `/` (gzip), the failed accessibility
 * audits, and PASS/FAIL against the budget (performance >= 90, accessibility >= 95, JS <= 150 KB).
 *
 *   npm run build && npx tsx --conditions=source bench/lighthouse.ts
 *   BENCH_RUNS=5 BENCH_WEB_DIST=/tmp/web npx tsx --conditions=source bench/lighthouse.ts
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildTestApp } from '../apps/server/test/helpers/build-app.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WEB_DIST = resolve(process.env.BENCH_WEB_DIST ?? 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET = { performance: 90, accessibility: 95, initialJsKb: 150 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The lazy routes `/` renders with, fetched together once the entry runs. */
const HOME_ROUTES = ['src/app/routes/public/public-layout-route.tsx', 'src/app/routes/public/home-page.tsx'];

interface TManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * Every script `/` runs before its first render, gzipped: the scripts index.html loads, the lazy
 * routes of HOME_ROUTES, and their static imports (Vite's manifest). Sections that load as the
 * reader scrolls near them (market, news, testimonials) and the on-demand dialogs are not counted.
 */
function initialJsGzipBytes(): { bytes: number; files: number } {
  const manifest = JSON.parse(readFileSync(join(WEB_DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    TManifestChunk
  >;
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const key of byFile.get(file)?.imports ?? []) {
      const next = manifest[key];
      if (next) visit(next.file);
    }
  };
  for (const match of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)) visit(match[1] ?? '');
  for (const key of HOME_ROUTES) {
    const route = manifest[key];
    if (!route) throw new Error(`${key} is not in ${WEB_DIST}/.vite/manifest.json: build the web app first`);
    visit(route.file);
  }
  const bytes = [...seen].reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(WEB_DIST, file)), { level: 9 }).length,
    0,
  );
  return { bytes, files: seen.size };
}

interface TRun {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptBytes: number;
  failedA11y: string[];
}

async function measure(url: string): Promise<TRun | null> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    // A run Chromium could not finish (it happens on a loaded machine) has no figures to count.
    if (result.lhr.runtimeError) return null;
    const { categories, audits } = result.lhr;
    const items = (
      audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> }
    )?.items;
    const failedA11y = (categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
      .map((ref) => `${ref.id}: ${audits[ref.id]?.title ?? ''}`);
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
      lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      scriptBytes: (items ?? [])
        .filter((item) => item.resourceType === 'Script')
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      failedA11y,
    };
  } finally {
    chrome.kill();
  }
}

async function main() {
  const t = await buildTestApp({ WEB_DIST, LOG_LEVEL: 'silent' });
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/`;
    const runs: TRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await measure(url);
      if (!run) {
        console.log(`run ${i + 1}: Lighthouse could not finish it; not counted`);
        continue;
      }
      console.log(
        `run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility}, FCP ${Math.round(run.fcp)} ms, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}`,
      );
      runs.push(run);
    }
    if (runs.length === 0) throw new Error('no Lighthouse run finished');
    const initial = initialJsGzipBytes();
    const result = {
      performance: median(runs.map((r) => r.performance)),
      accessibility: median(runs.map((r) => r.accessibility)),
      fcp: median(runs.map((r) => r.fcp)),
      lcp: median(runs.map((r) => r.lcp)),
      tbt: median(runs.map((r) => r.tbt)),
      cls: median(runs.map((r) => r.cls)),
      scriptKb: median(runs.map((r) => r.scriptBytes)) / 1024,
      initialKb: initial.bytes / 1024,
    };
    console.log(`\nLighthouse mobile preset on ${url}, median of ${runs.length} runs`);
    console.log(`  performance     ${result.performance}  (budget >= ${BUDGET.performance})`);
    console.log(`  accessibility   ${result.accessibility}  (budget >= ${BUDGET.accessibility})`);
    console.log(
      `  FCP ${Math.round(result.fcp)} ms, LCP ${Math.round(result.lcp)} ms, TBT ${Math.round(result.tbt)} ms, CLS ${result.cls.toFixed(3)}`,
    );
    console.log(
      `  initial JS for / ${result.initialKb.toFixed(1)} KB gzip in ${initial.files} files (budget <= ${BUDGET.initialJsKb} KB); JS transferred before the page settled ${result.scriptKb.toFixed(1)} KB`,
    );
    const failed = [...new Set(runs.flatMap((r) => r.failedA11y))];
    if (failed.length > 0) console.log(`  failed accessibility audits:\n    ${failed.join('\n    ')}`);
    const pass =
      result.performance >= BUDGET.performance &&
      result.accessibility >= BUDGET.accessibility &&
      result.initialKb <= BUDGET.initialJsKb;
    console.log(pass ? 'PASS' : 'FAIL');
  } finally {
    await t.close();
  }
}

await main();
