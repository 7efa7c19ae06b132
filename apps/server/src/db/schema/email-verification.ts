import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Single-use links that verify a client's email address (docs/security.md, "Email verification"):
 * only the SHA-256 of the token is kept. A link verifies the address it was mailed to (`email`), so
 * one sent before the client changed their email verifies nothing. A new link deletes the unused
 * ones; a used one is kept, so following it again says so.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_verification_tokens_hash_key').on(t.tokenHash),
    index('email_verification_tokens_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export type TEmailVerificationTokenRow = typeof emailVerificationTokens.$inferSelect;
