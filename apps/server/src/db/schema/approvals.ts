import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { transactions } from './money.ts';
import { users } from './users.ts';

/**
 * Four-eyes approvals (docs/money.md, "Four-eyes approval"): a large money action one staff member
 * asked for, waiting for a second one's decision. Nothing moves until it is approved; the approval
 * then runs the action in the same DB transaction. `amount` is what was asked (for Clear Balance,
 * what the balances held when it was asked), in cents.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['withdrawal', 'credit', 'debit', 'profit', 'clear'] }).notNull(),
    /** The client whose money it moves. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The withdrawal to complete (kind `withdrawal`); null for the balance actions. */
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The balance action's reason, as the client will read it once it runs. */
    reason: text('reason'),
    /** The payout's hash or reference given with a withdrawal's completion. */
    reference: text('reference'),
    status: text('status', { enum: ['Pending', 'Approved', 'Rejected'] })
      .notNull()
      .default('Pending'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why a rejection was made, for the one who asked. */
    note: text('note'),
  },
  (t) => [
    index('approvals_status_requested_idx').on(t.status, t.requestedAt),
    // One waiting approval per withdrawal: asking twice answers the one already waiting.
    uniqueIndex('approvals_pending_transaction_key')
      .on(t.transactionId)
      .where(sql`${t.status} = 'Pending' and ${t.transactionId} is not null`),
    check('approvals_kind_check', sql`${t.kind} in ('withdrawal', 'credit', 'debit', 'profit', 'clear')`),
    check('approvals_status_check', sql`${t.status} in ('Pending', 'Approved', 'Rejected')`),
    check('approvals_amount_positive', sql`${t.amount} > 0`),
    check('approvals_withdrawal_names_it', sql`(${t.kind} = 'withdrawal') = (${t.transactionId} is not null)`),
    check('approvals_decided', sql`(${t.status} = 'Pending') = (${t.decidedBy} is null)`),
    // Four eyes: the one who asked never decides an approval that moved money.
    check('approvals_second_person', sql`${t.status} <> 'Approved' or ${t.decidedBy} <> ${t.requestedBy}`),
  ],
);

export type TApprovalRow = typeof approvals.$inferSelect;
