import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { logInAsAdmin } from '../support/accounts.ts';

test('a visitor sends the support form and an admin reads it under Messages', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const text = `Question about the VIP plan ${randomBytes(4).toString('hex')}`;

  // The visitor, not signed in.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/support');
  await expect(visitorPage.getByRole('heading', { name: 'Help Center', level: 1 })).toBeVisible();
  await expect(visitorPage.getByText('within 1 hour')).toBeVisible();
  const form = visitorPage.getByTestId('support-form');
  // Validated on every event: leaving a field empty says so.
  await form.getByLabel('Full name').focus();
  await form.getByLabel('Email').focus();
  await expect(form.getByText('Full name is required')).toBeVisible();
  await form.getByLabel('Full name').fill('Ada Visitor');
  await form.getByLabel('Email').fill('ada.visitor@example.com');
  await form.getByLabel('Phone number').fill('+1 555 010 9999');
  await form.getByLabel('Message').fill(text);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Message Sent Successfully!')).toBeVisible();
  // The form clears itself after 3 s.
  await expect(form.getByLabel('Message')).toHaveValue('', { timeout: 10_000 });
  await visitor.close();

  // The admin.
  await logInAsAdmin(page);
  await page.goto('/admin/message-requests');
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  const card = page.getByTestId('support-message-card').filter({ hasText: text });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByText(text)).toBeVisible();
  await expect(details.getByText('ada.visitor@example.com')).toBeVisible();
  await expect(details.getByText('+1 555 010 9999')).toBeVisible();
});
