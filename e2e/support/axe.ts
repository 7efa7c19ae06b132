/**
 * Runs axe-core (the engine behind Lighthouse's accessibility audit) in the page against WCAG 2.1
 * A and AA (its stable rules), and returns what it found, one line per rule. The spec using it needs `bypassCSP`,
 * since the script goes in inline.
 */
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Brings in what mounts as the reader scrolls, lets requests settle, then asks axe. */
export async function accessibilityViolationsOfWholePage(page: Page): Promise<string[]> {
  for (let y = 0; y < 12; y++) await page.mouse.wheel(0, 900);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.waitForTimeout(500);
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
