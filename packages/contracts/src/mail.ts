import { z } from 'zod';
import { LANGUAGES, PAGE_SIZE, PAGE_SIZE_MAX } from './constants.ts';
import type { TMessageKey } from './messages.ts';

/**
 * Platform mail as admins see it at /admin/outbox (docs/operations.md, "Mail"). Without SMTP the
 * outbox is the destination (`transport: outbox`, stored as sent); with SMTP a mail is `queued` until
 * the mail job sends it, retried with backoff, and `failed` after its last attempt until an admin
 * resends it.
 */
export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type TMailStatus = (typeof MAIL_STATUSES)[number];

export const ZOutboxMessage = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  transport: z.enum(['outbox', 'smtp']),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int().min(0),
  /** The last failed attempt's kind and SMTP code (`Error ECONNECTION`), never the server's words. */
  lastError: z.string().nullable(),
  /** When a queued mail is tried next; null otherwise. */
  nextAttemptAt: z.iso.datetime().nullable(),
  sentAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
export const ZOutboxPage = z.object({ messages: z.array(ZOutboxMessage), totalPage: z.number().int() });

export const ZOutboxQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
  status: z.enum(MAIL_STATUSES).optional(),
});
export type TOutboxQuery = z.infer<typeof ZOutboxQuery>;

export const ZMailIdParams = z.strictObject({ id: z.uuid({ error: 'errors.notFound' satisfies TMessageKey }) });
export const ZResendAnswer = z.object({ message: z.string(), mail: ZOutboxMessage });

/** The language a signed-in person chose in the language picker; their mail is written in it. */
export const ZLanguageInput = z.strictObject({ language: z.enum(LANGUAGES) });
export type TLanguageInput = z.infer<typeof ZLanguageInput>;
