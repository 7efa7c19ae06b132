import { expect, test } from '@playwright/test';
import { SmtpServer } from '../../apps/server/test/helpers/smtp-server.ts';
import { adminHeaders, clientId, logInAsAdmin, signUpClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';

/**
 * The outbox with SMTP (docs/operations.md, "Mail"), on the app that sends its mail to
 * E2E_SMTP_PORT with one attempt (playwright.config.ts): while nothing listens there a mail fails;
 * the admin sees it failed with its error, sends it again once a real SMTP server (aiosmtpd) listens,
 * sees it queued and then sent, and the SMTP server holds it.
 */
const origin = `http://127.0.0.1:${process.env.E2E_NEWS_DOWN_PORT}`;
test.use({ baseURL: origin, bypassCSP: true });

let smtp: SmtpServer | undefined;
test.afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

test('an admin sees a mail that failed and its error, sends it again, and sees it queued, then sent', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const client = await signUpClient(request);
  const id = await clientId(request, client);
  const headers = await adminHeaders(request);
  const reset = await request.post(`/api/client/${id}/password-reset`, { headers });
  expect(reset.status(), await reset.text()).toBe(200);
  // The mail job tries every half second; with no SMTP server its only attempt fails.
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/admin/outbox?status=failed&limit=100', { headers });
        const { messages } = (await res.json()) as { messages: Array<{ to: string }> };
        return messages.some((m) => m.to === client.email);
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  await logInAsAdmin(page);
  await page.goto('/admin/outbox');
  await expect(page.getByRole('heading', { name: 'Mail outbox' })).toBeVisible();
  await expect(page.getByText('Every email the platform sends: sent, waiting in the queue or failed')).toBeVisible();
  const filter = page.getByLabel('Status');
  // The client's reset mail (their sign-up's verification mail failed beside it).
  const mail = page
    .getByTestId('outbox-message')
    .filter({ hasText: client.email })
    .filter({ hasText: 'Reset your password' });

  await filter.selectOption({ label: 'Failed' });
  await expect(mail.getByText('Reset your password')).toBeVisible();
  await expect(mail.getByText('Failed', { exact: true })).toBeVisible();
  await mail.getByRole('button', { name: /Reset your password/ }).click();
  await expect(mail.getByTestId('outbox-attempts')).toHaveText(
    /^Attempts: 1 · last error: Error (ECONNECTION|ESOCKET)/,
  );
  await expect(mail.getByTestId('outbox-text')).toContainText('/reset-password?token=');
  expect(await accessibilityViolations(page), 'outbox with a failed mail').toEqual([]);

  // A real SMTP server on the app's SMTP port, paused: the next attempt connects and waits for its
  // greeting (up to 10 s), so the mail stays queued while the page shows it.
  smtp = new SmtpServer(Number(process.env.E2E_SMTP_PORT));
  await smtp.start();
  smtp.pause();
  await mail.getByTestId('outbox-resend').click();
  await expect(page.getByText('The mail is queued to be sent again')).toBeVisible();
  // Sent again, it has left the failed ones.
  await expect(mail).toHaveCount(0);
  await filter.selectOption({ label: 'Queued' });
  await expect(mail.getByText('Queued', { exact: true })).toBeVisible();

  smtp.resume();
  await expect
    .poll(async () => (await smtp?.messages())?.filter((m) => JSON.stringify(m.to).includes(client.email)).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const [received] = (await smtp.messages()).filter((m) => JSON.stringify(m.to).includes(client.email));
  expect(received?.subject).toBe('Reset your password');
  expect(received?.text).toMatch(/\/reset-password\?token=\S+/);

  await filter.selectOption({ label: 'Sent' });
  // The page refreshes the list every 15 s: the mail is marked sent just after the SMTP server took it.
  await expect(mail.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  await mail.getByRole('button', { name: /Reset your password/ }).click();
  await expect(mail.getByTestId('outbox-attempts')).toHaveCount(0);
  await expect(mail.getByTestId('outbox-resend')).toHaveCount(0);
});
