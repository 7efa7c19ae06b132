import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A request to regain access (docs/security.md): `unlock` from a
 * locked sign-in, `password` from /forgotpassword. Both carry a photo of the person holding a signed
 * paper. An admin approves (a 6-character temporary code is emailed, stored here only as a hash,
 * expiring and with limited tries) or rejects. At most one pending request per user.
 */
export const unlockRequests = pgTable(
  'unlock_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['unlock', 'password'] }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    imageKey: text('image_key').notNull(),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    tempCodeHash: text('temp_code_hash'),
    tempCodeExpiresAt: timestamp('temp_code_expires_at', { withTimezone: true }),
    tempCodeAttempts: integer('temp_code_attempts').notNull().default(0),
    tempCodeUsedAt: timestamp('temp_code_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('unlock_requests_status_created_idx').on(t.status, t.createdAt),
    index('unlock_requests_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('unlock_requests_one_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
    check('unlock_requests_kind_check', sql`${t.kind} in ('unlock', 'password')`),
    check('unlock_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('unlock_requests_attempts_nonnegative', sql`${t.tempCodeAttempts} >= 0`),
  ],
);

export type TUnlockRequestRow = typeof unlockRequests.$inferSelect;

/**
 * Single-use password reset links (`/reset-password?token=…`), issued by an admin's "Send password
 * reset". Only the SHA-256 of the token is kept; a token is spent by setting `used_at`.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

export type TPasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;
