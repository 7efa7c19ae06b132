import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { adminHeaders } from '../support/accounts.ts';

/** A 1×1 PNG, enough for a verification photo the server accepts and re-encodes. */
export const PHOTO = {
  name: 'me-holding-the-paper.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** The newest outbox mail to `email` whose text matches `pattern`, read as the admin; returns the match. */
export async function fromOutbox(request: APIRequestContext, email: string, pattern: RegExp): Promise<RegExpExecArray> {
  const headers = await adminHeaders(request);
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
