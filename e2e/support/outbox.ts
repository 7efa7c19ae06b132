import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';

/** A 1×1 PNG, enough for a verification photo the server accepts and re-encodes. */
export const PHOTO = {
  name: 'me-holding-the-paper.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/**
 * The newest outbox mail to `email` whose text matches `pattern`, read as the admin (`headers`, from
 * accounts.ts `adminHeaders`); returns the match.
 */
export async function fromOutbox(
  request: APIRequestContext,
  headers: { authorization: string },
  email: string,
  pattern: RegExp,
): Promise<RegExpExecArray> {
  let found: RegExpExecArray | null = null;
  await expect
    .poll(async () => {
      const res = await request.get('/api/admin/outbox?limit=100', { headers });
      const body = (await res.json()) as { messages: Array<{ to: string; text: string }> };
      const mail = body.messages.find((m) => m.to === email && pattern.test(m.text));
      found = mail ? pattern.exec(mail.text) : null;
      return found !== null;
    })
    .toBe(true);
  return found as unknown as RegExpExecArray;
}

export const TEMP_CODE = /temporary login code is ([A-Z2-9]{6})\./;
export const RESET_LINK = /(https?:\/\/\S+\/reset-password\?token=\S+)/;
/** The link of the mail that verifies a new client's email address (apps/server email-verification.mail.ts). */
export const VERIFY_LINK = /(https?:\/\/\S+\/verify-email\?token=([\w-]+))/;
