import type { TNoticeKey, TStoredNoticeParams } from '@meridian/contracts/notice-terms';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * In-app messages to a client: an admin's (with a sender and the admin's words), or the platform's
 * notice of an event (a key of contracts/notice-terms.ts, its parameters and the path of its record;
 * `subject` and `message` then hold its English words). The client's bell counts the unread ones.
 */
export const inAppMessages = pgTable(
  'in_app_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** A notice's key; null for an admin's message and for notices stored before they had keys. */
    key: text('key').$type<TNoticeKey>(),
    params: jsonb('params').$type<TStoredNoticeParams>(),
    /** The client-area path of the notice's record (its transaction page, …). */
    link: text('link'),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('in_app_messages_receiver_created_idx').on(t.receiverId, t.createdAt)],
);
