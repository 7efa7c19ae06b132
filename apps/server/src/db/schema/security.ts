import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { withdrawalMethods } from './money.ts';
import { users } from './users.ts';

/**
 * A user's TOTP second factor (RFC 6238). The row exists from enrolment on; it protects sign-in only
 * once `enabled_at` is set by a first correct code. `last_used_step` is the 30-second step of the last
 * accepted code, so no code is accepted twice (docs/security.md, "Two-factor sign-in").
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: integer('last_used_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes of a second factor, stored as SHA-256 hashes; shown once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recovery_codes_user_idx').on(t.userId),
    uniqueIndex('recovery_codes_hash_key').on(t.userId, t.codeHash),
  ],
);

/**
 * Second-factor challenges already spent on a session. The challenge itself is a signed token
 * (no row while it waits); its id is written here in the transaction that opens the session it
 * was spent on, so it opens at most one, even when several servers receive it at once. A row is
 * kept until the challenge would have expired anyway (docs/security.md, "Two-factor sign-in").
 */
export const spentSecondFactorChallenges = pgTable(
  'spent_second_factor_challenges',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('spent_second_factor_challenges_expires_idx').on(t.expiresAt)],
);

/** WebAuthn credentials (passkeys). The public key is kept base64url-encoded (COSE). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    deviceType: text('device_type').notNull().default('singleDevice'),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges waiting for their answer, one use each and short-lived; kept in the database
 * so that the answer may reach another server than the one that asked. `user_id` is null for a
 * passkey sign-in, where nobody is known yet.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
    check('webauthn_challenges_purpose_check', sql`${t.purpose} in ('register', 'sign-in')`),
  ],
);

/**
 * A client's withdrawal address book: a saved address may receive withdrawals of its method from
 * `active_from` on (WITHDRAWAL_ADDRESS_DELAY_HOURS after it was added) until it is removed.
 */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    methodId: uuid('method_id')
      .notNull()
      .references(() => withdrawalMethods.id),
    address: text('address').notNull(),
    label: text('label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activeFrom: timestamp('active_from', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('withdrawal_addresses_user_idx').on(t.userId, t.createdAt),
    // One live entry per address and method for a client; a removed one may be added again.
    uniqueIndex('withdrawal_addresses_live_key').on(t.userId, t.methodId, t.address).where(sql`${t.removedAt} is null`),
  ],
);
