import { expect, type Page } from '@playwright/test';

/** The four ways a screen is checked: phone and desktop width, dark (default) and light theme. */
export const VIEWS = [
  { width: 375, height: 812, theme: 'dark' },
  { width: 375, height: 812, theme: 'light' },
  { width: 1280, height: 800, theme: 'dark' },
  { width: 1280, height: 800, theme: 'light' },
] as const;
export type TView = (typeof VIEWS)[number];

/** Opens `path` at the view's width in its theme (remembered by the app, applied before first paint). */
export async function openAt(page: Page, view: TView, path: string) {
  await page.setViewportSize({ width: view.width, height: view.height });
  await page.evaluate((theme) => localStorage.setItem('meridian.theme', theme), view.theme);
  await page.goto(path);
  if (view.theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
  else await expect(page.locator('html')).not.toHaveClass(/dark/);
}
