import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminHeaders, clientId, logInAsAdmin, registerClient, type TClientAccount } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';

// axe goes into the page as an inline script.
test.use({ bypassCSP: true });

/** Tiny real images, as the server checks the bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOQqziBFTEMLQkABkZXgQ4un2QAAAAASUVORK5CYII=',
  'base64',
);
const image = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

/** A developer's key (camelCase) or an ISO timestamp: what an admin screen must not print. */
const CAMEL_CASE = /\b[a-z]+[A-Z][A-Za-z]*\b/g;
const ISO_STAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** A calendar date as the API gives it (1990-04-12). */
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;

/** The client submits KYC from France, born 12 April 1990, and asks for a temporary code (forgot password). */
async function prepareClient(request: APIRequestContext): Promise<{ client: TClientAccount; id: string }> {
  const client = await registerClient(request);
  const id = await clientId(request, client);
  const login = await request.post('/api/login', { data: { email: client.email, password: client.password } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const kyc = await request.post(`/api/kyc/submit/${id}`, {
    headers: { authorization: `Bearer ${accessToken}` },
    multipart: {
      documentType: 'national_id',
      documentNumber: 'FR9081726354',
      fullName: `${client.firstname} ${client.lastname}`,
      dateOfBirth: '1990-04-12',
      country: 'FR',
      address: '12 rue de Rivoli, Paris',
      documentImage: image('id-card.png'),
      selfieImage: image('selfie.png'),
    },
  });
  expect(kyc.status(), await kyc.text()).toBe(201);
  const recovery = await request.post('/api/unlock/forgot-password', {
    multipart: { email: client.email, verificationImage: image('me.png') },
  });
  expect(recovery.status(), await recovery.text()).toBe(201);
  return { client, id };
}

/** Approves the client's pending recovery request as the admin, through the API. */
async function approveRecovery(request: APIRequestContext, email: string) {
  const headers = await adminHeaders(request);
  const list = await request.get('/api/unlock/requests', { headers });
  const { requests } = (await list.json()) as { requests: Array<{ id: string; user: { email: string } }> };
  const mine = requests.find((r) => r.user.email === email);
  expect(mine).toBeDefined();
  const res = await request.put(`/api/unlock/approve/${mine?.id}`, { headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** The value under a label in the KYC review dialog. */
const detail = (page: Page, label: string) =>
  page
    .getByTestId('kyc-review-dialog')
    .locator('div', { has: page.locator('dt', { hasText: label }) })
    .locator('dd');

/** The audit entries on screen: table rows on a wide screen, cards on a narrow one. */
const auditEntries = (page: Page) =>
  page.locator('[data-testid="audit-entry"], [data-testid="audit-entry-card"]').filter({ visible: true });

/** Nothing scrolls sideways: neither the page nor any box on it (a table, a dialog). */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const found = await page.evaluate(() => {
    const scrolling = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
      const overflow = getComputedStyle(el).overflowX;
      return (overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1;
    });
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      boxes: scrolling.map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
    };
  });
  expect(found, where).toEqual({ page: 0, boxes: [] });
}

test('an admin reads KYC details and the audit log as names, dates and labels, never codes', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { client, id } = await prepareClient(request);

  await logInAsAdmin(page);
  await page.goto('/admin/kyc/review');
  await page.getByTestId('kyc-card').filter({ hasText: client.email }).getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByTestId('kyc-review-dialog');
  await expect(detail(page, 'Country')).toHaveText('France');
  await expect(detail(page, 'Date of birth')).toHaveText('Apr 12, 1990');
  await expect(detail(page, 'Document type')).toHaveText('National ID card');
  await expect(detail(page, 'Submitted on')).not.toHaveText(ISO_STAMP);
  expect(await dialog.innerText()).not.toMatch(ISO_DATE);
  await dialog.getByLabel('Notes').fill('Card and selfie match');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('KYC approved successfully!').first()).toBeVisible();
  await approveRecovery(request, client.email);

  // The audit log of this client: two actions, each field named and each value in words.
  await page.goto(`/admin/audit?client=${id}`);
  const log = auditEntries(page);
  await expect(log).toHaveCount(2);
  await expect(log.nth(0)).toContainText('Unlock request approved');
  await expect(log.nth(1)).toContainText('KYC approved');
  for (const label of ['Code valid until:', 'KYC status:', 'Verified:']) {
    await expect(log.getByText(label, { exact: true })).toBeVisible();
  }
  const text = await page.getByRole('main').innerText();
  expect(text).toContain('Under Review');
  expect(text).not.toMatch(ISO_STAMP);
  expect(text.match(CAMEL_CASE) ?? []).toEqual([]);

  // At a phone's width and a desktop's, in both themes: readable, and nothing scrolls sideways.
  for (const width of [375, 1280]) {
    for (const theme of ['dark', 'light'] as const) {
      const where = `${width}px, ${theme}`;
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate((value) => localStorage.setItem('meridian.theme', value), theme);

      await page.goto(`/admin/audit?client=${id}`);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      const entries = auditEntries(page);
      await expect(entries).toHaveCount(2);
      await expect(entries.filter({ hasText: 'Code valid until:' })).toHaveCount(1);
      const shown = await page.getByRole('main').innerText();
      expect(shown, where).not.toMatch(ISO_STAMP);
      expect(shown.match(CAMEL_CASE) ?? [], where).toEqual([]);
      await expectNoSidewaysScroll(page, `audit log at ${where}`);
      expect(await accessibilityViolations(page), `audit log at ${where}`).toEqual([]);

      await page.goto('/admin/kyc/all');
      const row = page
        .locator('[data-testid="kyc-row"], [data-testid="kyc-row-card"]')
        .filter({ visible: true })
        .filter({ hasText: client.lastname });
      await row.getByRole('button', { name: 'View' }).click();
      await expect(detail(page, 'Country')).toHaveText('France');
      await expect(detail(page, 'Date of birth')).toHaveText('Apr 12, 1990');
      await expect(detail(page, 'Reviewed By')).not.toBeEmpty();
      await expect(detail(page, 'Reviewed on')).not.toHaveText(ISO_STAMP);
      await expectNoSidewaysScroll(page, `KYC dialog at ${where}`);
      expect(await accessibilityViolations(page), `KYC dialog at ${where}`).toEqual([]);
      await page.keyboard.press('Escape');
    }
  }
});
