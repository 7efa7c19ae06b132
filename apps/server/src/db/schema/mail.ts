import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every message the platform writes, inserted in the same transaction as the change that causes it
 * (docs/operations.md, "Mail"). Without SMTP the outbox is the destination: rows are stored `sent`
 * with transport `outbox`. With SMTP they start `queued`; the mail job claims due rows, sends them
 * and marks them `sent`, or retries with backoff until `failed`, which an admin can resend.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The HTML part sent beside the text (empty for mail written before it existed). */
    html: text('html').notNull().default(''),
    language: text('language').notNull().default('en'),
    /** `<random@sending-domain>`, fixed at insert so a retry of a mail that did arrive can be recognised. */
    messageId: text('message_id').notNull().default(''),
    transport: text('transport', { enum: ['outbox', 'smtp'] }).notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('sent'),
    /** Send attempts so far (a claim counts as one). */
    attempts: integer('attempts').notNull().default(0),
    /** When a queued row is next due; a claim moves it forward by a lease, so a crashed sender's row comes back. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The last failure's kind and SMTP code, never the server's full answer. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_to_idx').on(t.to),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
