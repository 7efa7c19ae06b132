import type { TLanguage } from '@meridian/contracts/constants';
import { setLanguage } from '@meridian/contracts/endpoints/profile';
import { call } from './api-client';
import { session } from './session';

/**
 * Tells the server the language a signed-in person picked, so mail they did not ask for at that
 * moment (an admin's decision) is written in it. Signed out, the choice stays in this browser; a
 * failure is not the person's concern (the page's language has changed anyway).
 */
export function saveLanguage(language: TLanguage): void {
  if (!session.get()) return;
  void call(setLanguage, { body: { language } }).catch(() => undefined);
}
