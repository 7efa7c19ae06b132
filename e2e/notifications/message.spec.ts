import { expect, test } from '@playwright/test';
import { clientId, logInAsAdmin, logInAsClient, registerClient } from '../support/accounts.ts';

test('an admin messages a client, who reads it and marks everything read', async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  const client = await registerClient(request);
  const id = await clientId(request, client);
  const subject = `Account review ${Date.now().toString(36)}`;
  const body = `${'Your account has been reviewed by our compliance team and everything is in order. '.repeat(2)}Thank you.`;

  // The admin sends the message from the client's page.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  await admin.goto(`/admin/client_details/${id}`);
  await admin.getByTestId('action-message').click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill(body);
  await dialog.getByTestId('message-client-submit').click();
  await expect(admin.getByText('Message sent successfully').first()).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  await adminContext.close();

  // The client's bell counts it.
  await logInAsClient(page, client, true);
  await expect(page.getByTestId('notification-count')).toHaveText('1');
  // The bell opens on the newest messages, an admin's in the admin's words.
  await page.locator('button[data-testid="notification-bell"]').click();
  await expect(page.getByTestId('notification-menu-item').first()).toContainText(subject);
  await page.getByTestId('notification-see-all').click();
  await expect(page).toHaveURL(/\/user\/notifications$/);
  await expect(page.getByTestId('notification-menu')).toBeHidden();

  const item = page.getByTestId('notification-item').filter({ hasText: subject });
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item.getByText('Unread')).toBeVisible();
  await expect(item.getByTestId('notification-text')).toHaveText(`${body.slice(0, 100)}…`);
  await item.getByRole('button', { name: 'Read More' }).click();
  await expect(item.getByTestId('notification-text')).toHaveText(body);

  await page.getByTestId('notifications-mark-all').click();
  await expect(page.getByText('All messages marked as read').first()).toBeVisible();
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId('notification-count')).toBeHidden();
});
