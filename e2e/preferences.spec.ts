import { expect, test } from '@playwright/test';

test('language and theme choices survive a reload', async ({ page }) => {
  await page.goto('/auth/user/login');
  await expect(page.locator('html')).toHaveClass(/dark/);

  await page.getByTestId('language-picker').first().selectOption('ja');
  await expect(page.getByRole('main').getByRole('button', { name: 'ログイン' })).toBeVisible();
  await page
    .getByRole('button', { name: /ライト/ })
    .first()
    .click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expect(page.getByRole('main').getByRole('button', { name: 'ログイン' })).toBeVisible();
  await expect(page.getByTestId('language-picker').first()).toHaveValue('ja');
});
