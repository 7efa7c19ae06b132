import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Where clients send crypto to fund their account. Soft-deleted so history keeps its name. */
export const depositMethods = pgTable(
  'deposit_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    value: text('value').notNull(),
    description: text('description').notNull(),
    minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [check('deposit_methods_limits_check', sql`${t.minAmount} >= 0 and ${t.maxAmount} >= ${t.minAmount}`)],
);

export const withdrawalMethods = pgTable(
  'withdrawal_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [check('withdrawal_methods_limits_check', sql`${t.minAmount} >= 0 and ${t.maxAmount} >= ${t.minAmount}`)],
);

/**
 * The client-facing record of every money event: deposits, withdrawals, investments and admin
 * adjustments. The money itself moves in the ledger; these rows say what, why and its status.
 * Method names and addresses are copied in, so history reads the same after a method changes.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type', {
      enum: ['Deposit', 'Withdrawal', 'Investment', 'Adjustment', 'Payout', 'Position', 'Signal'],
    }).notNull(),
    status: text('status', { enum: ['Completed', 'Approved', 'Pending', 'Declined', 'Failed'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    depositMethodId: uuid('deposit_method_id').references(() => depositMethods.id),
    depositMethodName: text('deposit_method_name'),
    depositMethodValue: text('deposit_method_value'),
    withdrawalMethodId: uuid('withdrawal_method_id').references(() => withdrawalMethods.id),
    withdrawalMethodName: text('withdrawal_method_name'),
    address: text('address'),
    /**
     * The transfer's hash or reference on its network: a deposit's as its client gave it, a
     * withdrawal's payout as the admin recorded it (contracts/transfer-reference.ts).
     */
    reference: text('reference'),
    /** A deposit's sending address, as its client gave it. */
    senderAddress: text('sender_address'),
    investmentPlanId: uuid('investment_plan_id'),
    investmentPlanName: text('investment_plan_name'),
    adjustmentKind: text('adjustment_kind', { enum: ['credit', 'debit', 'profit', 'clear'] }),
    reason: text('reason'),
    /** Position and Signal rows: the pair traded. */
    asset: text('asset'),
    /** Position and Signal rows: the result once closed or settled, signed cents. */
    pnl: bigint('pnl', { mode: 'bigint' }),
    /** Position rows: why it closed (contracts/position-terms.ts, CLOSE_REASONS), once closed. */
    closeReason: text('close_reason', { enum: ['expired', 'stop_out', 'client', 'admin', 'take_profit', 'stop_loss'] }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deleted by an admin: hidden from lists, kept for the ledger's references. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // The lists' orders (docs/architecture.md, "Lists at scale"): a client's history, every client's,
    // and one type's, newest first with the id breaking ties, live rows only, so that any page, by
    // cursor, is one index range scan of `limit` rows. `nullsFirst` makes each column exactly
    // `DESC` as the queries order it (drizzle's `.desc()` alone writes DESC NULLS LAST, an order
    // PostgreSQL would not read from this index).
    index('transactions_user_live_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('transactions_live_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('transactions_type_live_idx')
      .on(t.type, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    // The admin's charts and the dashboard's (per day, type and status, docs/money.md "Transaction
    // charts"): a period's deposits, withdrawals and investments with every column those sums read,
    // so they are answered from the index alone. The other types (payouts, positions, signals: the
    // jobs' many rows) never enter it.
    index('transactions_charts_idx')
      .on(t.createdAt, t.type, t.status, t.amount)
      .where(sql`${t.deletedAt} is null and ${t.type} in ('Deposit', 'Withdrawal', 'Investment')`),
    check('transactions_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * How many live (not deleted) transactions each client has: the page count of their history
 * without counting it. Written only by triggers on `transactions` (migration 0008), exact in every
 * committed state; a client without a row has none.
 */
export const transactionCounts = pgTable('transaction_counts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  live: bigint('live', { mode: 'bigint' }).notNull(),
});

/** Withdrawal verification codes (6 digits, stored hashed, 10 minutes, limited tries). */
export const withdrawalCodes = pgTable(
  'withdrawal_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('withdrawal_codes_user_created_idx').on(t.userId, t.createdAt)],
);
