import { expect, test } from '@playwright/test';
import { logInAsClient, registerClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { openAt, VIEWS } from '../support/views.ts';

/**
 * A toast is read as it appears: its words keep WCAG AA contrast on its coloured background in both
 * themes (sonner's rich colours put green on pale green in the light theme).
 */
test.use({ bypassCSP: true, permissions: ['clipboard-read', 'clipboard-write'] });

test('a success toast reads clearly in both themes, at 375 and 1280 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  const client = await registerClient(request);
  await logInAsClient(page, client, true);
  for (const view of VIEWS) {
    await openAt(page, view, '/user');
    await page.getByRole('button', { name: 'Copy referral code' }).click();
    const toast = page.locator('[data-sonner-toast][data-type="success"]');
    await expect(toast).toContainText('Referral code copied');
    // Past its entrance animation, as a reader sees it.
    await expect(toast).toHaveAttribute('data-mounted', 'true');
    await page.waitForTimeout(500);
    expect(await accessibilityViolations(page), `the success toast at ${view.width} ${view.theme}`).toEqual([]);
  }
});
