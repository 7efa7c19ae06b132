import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One row per sign-in; revoking it ends every token of the family at once. */
export const sessionFamilies = pgTable(
  'session_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /**
     * How the sign-in was proven: a password (with `second_factor` when one was asked), a passkey,
     * or a temporary code of an approved unlock or recovery request.
     */
    method: text('method', { enum: ['password', 'passkey', 'code'] })
      .notNull()
      .default('password'),
    secondFactor: text('second_factor', { enum: ['totp', 'recovery-code'] }),
    /** The device as its browser named itself, and the address it came from, at sign-in. */
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    /** The last time this sign-in was used (sign-in, refresh, or a request at most a minute apart). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('session_families_user_idx').on(t.userId),
    check('session_families_method_check', sql`${t.method} in ('password', 'passkey', 'code')`),
    check('session_families_second_factor_check', sql`${t.secondFactor} in ('totp', 'recovery-code')`),
  ],
);

/**
 * Refresh tokens, one row per issued token, stored as SHA-256 hashes. Tokens of one sign-in share a
 * `familyId`; presenting a token that was already rotated means it leaked, so the whole family is
 * revoked (RFC 6819 §5.2.2.3). Access tokens carry the family id, so revoking it also ends them.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Failed sign-ins for emails that have no open account, counted and locked exactly like an account's
 * (docs/security.md, "Sign-in"), so the answers never tell whether an account exists. Keyed by the
 * email's SHA-256: no address anyone typed is kept. Rows idle for a day are removed.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    emailHash: text('email_hash').primaryKey(),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_updated_idx').on(t.updatedAt)],
);
