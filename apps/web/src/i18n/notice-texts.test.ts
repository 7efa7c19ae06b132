import { readFileSync } from 'node:fs';
import { LANGUAGES } from '@meridian/contracts/constants';
import { NOTICE_KEYS } from '@meridian/contracts/notice-terms';
import { NOTICE_TEXTS } from '@meridian/contracts/notice-texts';
import { expect, it } from 'vitest';

/**
 * The bell and the notifications page word a notice from `messages.json`; its email is worded by the
 * server from contracts/notice-texts.ts. Both must say the same in every language.
 */
it.each(LANGUAGES)('%s: messages.json repeats every notice of contracts/notice-texts.ts exactly', (language) => {
  const file = new URL(`./locales/${language}/messages.json`, import.meta.url);
  const locale = JSON.parse(readFileSync(file, 'utf8')) as { notice: Record<string, unknown> };
  const texts = NOTICE_TEXTS[language];
  expect(Object.keys(texts.notices).toSorted()).toEqual(NOTICE_KEYS.toSorted());
  expect(locale.notice).toEqual({ reason: texts.reason, ...texts.notices });
});
