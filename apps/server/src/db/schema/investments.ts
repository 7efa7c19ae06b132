import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { transactions } from './money.ts';
import { investmentPlans } from './plans.ts';
import { users } from './users.ts';

/**
 * Investment plans, investments, their scheduled payouts and plan upgrade requests
 * (docs/money.md, "Investments and payouts").
 */

/**
 * The terms of one investment (its `transactions` row, type Investment, shares its id), copied
 * from the plan when it was made so that a later plan edit changes nothing already agreed.
 */
export const investments = pgTable(
  'investments',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => investmentPlans.id, { onDelete: 'restrict' }),
    interestBp: integer('interest_bp').notNull(),
    duration: integer('duration').notNull(),
    noOfTimes: integer('no_of_times').notNull(),
    /** Invest Via Deposit: the deposit it waits for. */
    depositId: uuid('deposit_id').references(() => transactions.id, { onDelete: 'restrict' }),
    /** When the money reached the client's trading account (null: not yet, or never). */
    fundedAt: timestamp('funded_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    maturesAt: timestamp('matures_at', { withTimezone: true }),
    /** When the principal went back to the balance, after the last payout was settled. */
    maturedAt: timestamp('matured_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('investments_plan_idx').on(t.planId),
    uniqueIndex('investments_deposit_key').on(t.depositId),
    index('investments_user_idx').on(t.userId),
  ],
);

/**
 * One scheduled payout ("trade"): Pending until the runner or an admin pays it (Completed, in the
 * same DB transaction as its ledger posting) or an admin rejects it (Rejected, no money moves).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    investmentId: uuid('investment_id')
      .notNull()
      .references(() => investments.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sequence: integer('sequence').notNull(),
    count: integer('count').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['Pending', 'Completed', 'Rejected'] })
      .notNull()
      .default('Pending'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    reason: text('reason'),
    rejectedBy: uuid('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_investment_sequence_key').on(t.investmentId, t.sequence),
    /** The runner's and the Due/Trade Log lists' scan: only pending rows, by due date. */
    index('payouts_pending_due_idx').on(t.dueAt).where(sql`${t.status} = 'Pending'`),
    /** Trade activities: a client's settled payouts of a time window. */
    index('payouts_user_processed_idx').on(t.userId, t.processedAt),
    index('payouts_user_due_idx').on(t.userId, t.dueAt),
    index('payouts_rejected_idx').on(t.processedAt).where(sql`${t.status} = 'Rejected'`),
    check('payouts_amount_nonnegative', sql`${t.amount} >= 0`),
    check('payouts_status_check', sql`${t.status} in ('Pending', 'Completed', 'Rejected')`),
    check('payouts_sequence_check', sql`${t.sequence} between 1 and ${t.count}`),
  ],
);

/** A client's request to move to another plan; one pending per client. */
export const planUpgradeRequests = pgTable(
  'plan_upgrade_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fromPlanId: uuid('from_plan_id').references(() => investmentPlans.id, { onDelete: 'restrict' }),
    requestedPlanId: uuid('requested_plan_id')
      .notNull()
      .references(() => investmentPlans.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    approvedPlanId: uuid('approved_plan_id').references(() => investmentPlans.id, { onDelete: 'restrict' }),
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plan_upgrade_requests_one_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('plan_upgrade_requests_user_created_idx').on(t.userId, t.createdAt),
    check('plan_upgrade_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);
