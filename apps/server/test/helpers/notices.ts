import type { TLanguage } from '@meridian/contracts/constants';
import type { TNoticeKey } from '@meridian/contracts/notice-terms';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { inAppMessages } from '../../src/db/schema/messages.ts';
import { setUserFields } from './factories.ts';
import { lastMailTo } from './outbox.ts';

/** The platform's notices to clients as the tests read them: the stored notice and its email. */

/** The newest notice `key` of `userId`; fails when there is none. */
export async function noticeOf(app: FastifyInstance, userId: string, key: TNoticeKey) {
  const [row] = await app.db
    .select()
    .from(inAppMessages)
    .where(and(eq(inAppMessages.receiverId, userId), eq(inAppMessages.key, key)))
    .orderBy(desc(inAppMessages.createdAt))
    .limit(1);
  if (!row) throw new Error(`no ${key} notice for ${userId}`);
  return row;
}

/** Every notice of `userId`, newest first. */
export function noticesOf(app: FastifyInstance, userId: string) {
  return app.db
    .select()
    .from(inAppMessages)
    .where(eq(inAppMessages.receiverId, userId))
    .orderBy(desc(inAppMessages.createdAt));
}

/** Gives the client a language, as choosing it in the language picker does (their mail follows it). */
export const speaks = (app: FastifyInstance, userId: string, language: TLanguage) =>
  setUserFields(app, userId, { language });

/** US dollars as `language` writes them, as the client reads them in the email. */
export const usdIn = (language: TLanguage, dollars: number, signed = false) =>
  new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'USD',
    signDisplay: signed ? 'always' : 'auto',
  }).format(dollars);

/**
 * The newest mail to `email` says `subject` and every one of `says` (words of its language, the
 * amount as that language writes it) and links to `link` on the site (PUBLIC_URL of the test app).
 */
export async function expectNoticeMail(
  app: FastifyInstance,
  email: string,
  expected: { language: TLanguage; subject: string; says: string[]; link: string },
) {
  const mail = await lastMailTo(app, email);
  expect(mail).toMatchObject({ language: expected.language, subject: expected.subject });
  for (const words of expected.says) {
    expect(mail.text).toContain(words);
    expect(mail.html).toContain(words);
  }
  expect(mail.text).toContain(`http://localhost${expected.link}`);
  return mail;
}
