import { readFileSync } from 'node:fs';
import { messages } from '@meridian/contracts/messages';
import { expect, it } from 'vitest';

/** The server and the web app must say the same English words for every shared message key. */
it('English locale files repeat every shared message exactly', () => {
  for (const [key, text] of Object.entries(messages)) {
    const [namespace, name] = key.split('.') as [string, string];
    const file = new URL(`./locales/en/${namespace}.json`, import.meta.url);
    const locale = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(locale[name], key).toBe(text);
  }
});
