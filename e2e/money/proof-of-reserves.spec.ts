import { expect, test } from '@playwright/test';
import { fundedClient, logInAsAdmin, logInAsClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';

// axe is injected into the pages it checks.
test.use({ bypassCSP: true });

/**
 * Proof of reserves (docs/money.md, "Proof of reserves"): the admin takes a snapshot on
 * /admin/reserves, which publishes a Merkle root; a funded client opens their inclusion check and
 * their browser verifies that their balance is in it, against the same root.
 */
test('an admin takes a snapshot, and a funded client sees their balance verified against its published root', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const client = await fundedClient(request, 250);

  await logInAsAdmin(page);
  await page.getByRole('link', { name: 'Proof of reserves' }).click();
  await expect(page).toHaveURL(/\/admin\/reserves$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Proof of reserves' })).toBeVisible();
  await page.getByTestId('take-snapshot').click();
  const dialog = page.getByRole('dialog', { name: 'Take a snapshot?' });
  await dialog.getByTestId('confirm-dialog-confirm').click();
  await expect(dialog.getByText('Snapshot taken: its root is published')).toBeVisible();
  const root = page.getByTestId('latest-root');
  await expect(root).toHaveText(/^[0-9a-f]{64}$/);
  const published = (await root.textContent()) ?? '';
  await expect(page.getByTestId('reserve-liabilities')).toContainText('$');
  await expect(page.getByTestId('snapshot').first()).toContainText(published.slice(0, 10));
  expect(await accessibilityViolations(page), 'admin reserves page').toEqual([]);

  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, bypassCSP: true });
  const clientPage = await context.newPage();
  await logInAsClient(clientPage, client);
  await clientPage.getByRole('link', { name: 'Proof of reserves' }).first().click();
  await expect(clientPage).toHaveURL(/\/user\/reserves$/);
  await expect(clientPage.getByTestId('published-root')).toHaveText(published);
  await expect(clientPage.getByTestId('inclusion-verified')).toContainText(
    'Your balance of $250.00 is included in the snapshot of',
  );
  expect(await accessibilityViolations(clientPage), 'client proof of reserves page').toEqual([]);
  await context.close();
});
