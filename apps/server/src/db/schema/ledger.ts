import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Double-entry ledger (docs/money.md). A transaction's entries sum to zero. User accounts carry a
 * user id; platform accounts (external, payouts, trading_pnl, adjustments, commissions) do not. Rows are only
 * ever inserted: corrections are new transactions.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    refType: text('ref_type'),
    refId: uuid('ref_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_transactions_ref_idx').on(t.refType, t.refId)],
);

export const USER_ACCOUNTS = ['balance', 'trading', 'profit', 'bonus', 'withdrawal_hold'] as const;
export const PLATFORM_ACCOUNTS = ['external', 'payouts', 'trading_pnl', 'adjustments', 'commissions'] as const;
export type TUserAccount = (typeof USER_ACCOUNTS)[number];
export type TPlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    /** Null for platform accounts. Users are never hard-deleted while entries exist. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    account: text('account').notNull(),
    /** Signed cents: positive adds to the account, negative takes from it. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_user_account_idx').on(t.userId, t.account),
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
    check(
      'ledger_entries_account_check',
      sql`(${t.userId} is not null and ${t.account} in ('balance', 'trading', 'profit', 'bonus', 'withdrawal_hold'))
        or (${t.userId} is null and ${t.account} in ('external', 'payouts', 'trading_pnl', 'adjustments', 'commissions'))`,
    ),
  ],
);

/** Repeated money-moving requests answer from here (kept at least 24 hours; docs/money.md). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
