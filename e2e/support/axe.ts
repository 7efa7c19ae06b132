/**
 * Runs axe-core (the engine behind Lighthouse's accessibility audit) in the page against WCAG 2.1
 * A and AA (its stable rules), and returns what it found, one line per rule. The spec using it needs `bypassCSP`,
 * since the script goes in inline.
 */
import { createRequire } from 'node:module';
import type { Page, Request } from '@playwright/test';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Resolves once no request but the page's event streams (prices, live updates: they stay open) has
 * been in flight for `quietMs`, or after `timeoutMs`. Playwright's `networkidle` never comes while a
 * stream is open, so waiting for it cost its whole timeout on every signed-in page.
 */
async function requestsSettled(page: Page, run: () => Promise<void>, quietMs = 300, timeoutMs = 5_000) {
  const inFlight = new Set<Request>();
  const streams = (request: Request) =>
    request.resourceType() === 'eventsource' || /\/api\/(market\/stream|live\/events)/.test(request.url());
  const started = (request: Request) => {
    if (!streams(request)) inFlight.add(request);
  };
  const ended = (request: Request) => inFlight.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await run();
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      if (inFlight.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) return;
      await page.waitForTimeout(50);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** Brings in what mounts as the reader scrolls, lets its requests settle, then asks axe. */
export async function accessibilityViolationsOfWholePage(page: Page): Promise<string[]> {
  await requestsSettled(page, async () => {
    for (let y = 0; y < 12; y++) await page.mouse.wheel(0, 900);
  });
  return accessibilityViolations(page);
}

export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    // Experimental rules stay off, as in axe's and Lighthouse's defaults.
    const experimental = axe.getRules(['experimental']).map((rule) => [rule.ruleId, { enabled: false }]);
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: Object.fromEntries(experimental),
    });
    return result.violations.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
  });
}
