import { expect, type Locator, type Page, test } from '@playwright/test';
import { clientId, logInAsAdmin, registerClient } from '../support/accounts.ts';

const VIEWS = [
  { width: 375, height: 812, theme: 'dark' },
  { width: 375, height: 812, theme: 'light' },
  { width: 1280, height: 800, theme: 'dark' },
  { width: 1280, height: 800, theme: 'light' },
] as const;

/** Update Info on the client's page: opens the dialog, lets `edit` fill it, saves, waits until it closes. */
async function updateInfo(admin: Page, edit: (dialog: Locator) => Promise<void>) {
  await admin.getByTestId('action-update-info').click();
  const dialog = admin.getByRole('dialog');
  await edit(dialog);
  await dialog.getByTestId('update-client-submit').click();
  await expect(dialog.getByText('Client updated Successfully')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
}

test('an admin changes only the name of a client who has no phone number', async ({ page, request }) => {
  test.setTimeout(180_000);
  const client = await registerClient(request);
  const id = await clientId(request, client);
  await logInAsAdmin(page);
  await page.goto(`/admin/client_details/${id}`);
  const heading = page.locator('#client-name');
  await expect(heading).toHaveText(`${client.firstname} ${client.lastname}`);

  // The client's number is removed: a phone is optional.
  await updateInfo(page, (dialog) => dialog.getByLabel('Phone number').fill(''));

  // Then only the first name changes, at each width and in both themes; the phone stays empty.
  for (const [index, view] of VIEWS.entries()) {
    await page.setViewportSize({ width: view.width, height: view.height });
    await page.evaluate((theme) => localStorage.setItem('meridian.theme', theme), view.theme);
    await page.reload();
    await expect(heading).toBeVisible();
    const firstname = `Augusta${'I'.repeat(index + 1)}`;
    await updateInfo(page, async (dialog) => {
      await expect(dialog.getByLabel('Phone number')).toHaveValue('');
      await dialog.getByLabel('First name').fill(firstname);
      await page.screenshot({ path: test.info().outputPath(`update-info-${view.width}-${view.theme}.png`) });
    });
    await expect(heading).toHaveText(`${firstname} ${client.lastname}`);
  }

  // The server kept the phone empty.
  await page.getByTestId('action-update-info').click();
  await expect(page.getByRole('dialog').getByLabel('Phone number')).toHaveValue('');
});
