import { expect, test } from '@playwright/test';

test('the privacy policy states its terms and Back returns to the page before', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Meridian' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('Effective January 1, 2024')).toBeVisible();
  await expect(page.getByText(/at least 7 years/)).toBeVisible();
  await expect(page.getByText(/within 30 days/)).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test('How to Register shows the three steps, Back returns and Register Now opens sign-up', async ({ page }) => {
  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Trading Solutions' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'How to register' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How to Register' })).toBeVisible();
  await expect(page.getByRole('list').filter({ hasText: 'Create your account' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText('What you need')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/services$/);
  await page.goto('/signup-process');
  await page.getByRole('link', { name: 'Register Now' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('an article page without an article says Article Not Found and Go Back leaves it', async ({ page }) => {
  await page.goto('/about');
  await page.goto('/blog-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test('the support chat button opens the contact form, and a message is sent', async ({ page }) => {
  await page.goto('/services');
  await page.getByRole('button', { name: 'Chat with support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact us' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Full name').fill('Ada Visitor');
  await dialog.getByLabel('Email').fill('ada.visitor@example.com');
  await dialog.getByLabel('Phone number').fill('+44 20 7946 0000');
  await dialog.getByLabel('Message').fill('Which documents do you accept for verification?');
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(dialog.getByText('Message Sent Successfully!')).toBeVisible();
});

test('the public pages fit a 375 px screen and the mobile menu reaches About', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of ['/about', '/services', '/privacy-policy', '/signup-process']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Meridian' })).toBeVisible();
});

for (const width of [375, 1280]) {
  test(`at ${width} px the back-to-top button sits above the support chat button, and both work`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 1000));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const backToTop = page.getByRole('button', { name: 'Back to top' });
    const chat = page.getByRole('button', { name: 'Chat with support' });
    await expect(backToTop).toBeVisible();
    const [top, support] = [await backToTop.boundingBox(), await chat.boundingBox()];
    if (!top || !support) throw new Error('both buttons have a box');
    // No overlap: the back-to-top button ends above the chat button.
    expect(top.y + top.height).toBeLessThanOrEqual(support.y);
    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    if (width === 375) {
      // On a phone the chat waits below the first screen (e2e/layout/floating-buttons.spec.ts).
      await expect(chat).toHaveCount(0);
      await page.evaluate(() => window.scrollTo(0, 1000));
    }
    await chat.click();
    await expect(page.getByRole('dialog', { name: 'Contact us' })).toBeVisible();
  });
}
