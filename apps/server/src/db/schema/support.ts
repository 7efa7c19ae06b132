import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages sent through the public support form (POST messagereq); read by admins. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_created_idx').on(t.createdAt)],
);
