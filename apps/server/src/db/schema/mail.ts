import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every message the platform sent: the default transport stops here; SMTP also records it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    transport: text('transport', { enum: ['outbox', 'smtp'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt), index('mail_outbox_to_idx').on(t.to)],
);
