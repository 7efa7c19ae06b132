import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { transactions, withdrawalMethods } from './money.ts';
import { users } from './users.ts';

/**
 * Withdrawals paid on chain (docs/money.md, "Withdrawals paid on chain"), owned by
 * modules/money/chain-deposits (its payout watcher, chain-payouts.ts).
 */

/**
 * A withdrawal method whose payouts are checked on an Ethereum-family chain: the operator's node, how
 * many confirmations complete a payout, the asset (the chain's own coin or an ERC-20 token) and the
 * explorer's transaction page (`{tx}` for the hash).
 */
export const chainPayoutWatches = pgTable(
  'chain_payout_watches',
  {
    withdrawalMethodId: uuid('withdrawal_method_id')
      .primaryKey()
      .references(() => withdrawalMethods.id, { onDelete: 'cascade' }),
    chain: text('chain', { enum: ['ethereum'] }).notNull(),
    /** The node's JSON-RPC address; may carry a key: never answered. */
    rpcUrl: text('rpc_url').notNull(),
    confirmations: integer('confirmations').notNull(),
    asset: text('asset', { enum: ['native', 'erc20'] }).notNull(),
    tokenAddress: text('token_address'),
    tokenDecimals: integer('token_decimals'),
    explorerTxUrl: text('explorer_tx_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chain_payout_watches_confirmations_check', sql`${t.confirmations} between 1 and 1000`),
    check(
      'chain_payout_watches_token_check',
      sql`(${t.asset} = 'native' and ${t.tokenAddress} is null) or (${t.asset} = 'erc20' and ${t.tokenAddress} is not null and ${t.tokenDecimals} between 2 and 36)`,
    ),
  ],
);

/**
 * The transaction staff recorded as a pending withdrawal's payout, one per withdrawal (recording
 * another replaces it), and where the watcher found it: `confirming` until its block is deep enough,
 * then the withdrawal is completed (`completed`), or waits for a second staff member (`approval`), or
 * the payout is `failed` (reverted, or it does not pay the withdrawal: `problem`); `closed` when the
 * withdrawal was declined or deleted first. A transaction pays one withdrawal only.
 */
export const chainPayouts = pgTable(
  'chain_payouts',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'restrict' }),
    /** Lower-case 0x hash. */
    txHash: text('tx_hash').notNull(),
    status: text('status', { enum: ['confirming', 'approval', 'completed', 'failed', 'closed'] }).notNull(),
    problem: text('problem', { enum: ['reorged', 'reverted', 'wrongAddress', 'wrongAmount'] }),
    /** The block the transaction was last found in (null: not found yet, or it left the chain). */
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    blockHash: text('block_hash'),
    /** How deep its block was at the last check. */
    confirmations: integer('confirmations').notNull().default(0),
    /** For the chain's own coin: the USD bid in cents per coin when it was recorded (what it must be worth). */
    rateCents: bigint('rate_cents', { mode: 'bigint' }),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chain_payouts_tx_hash_key').on(t.txHash),
    index('chain_payouts_confirming_idx').on(t.recordedAt).where(sql`${t.status} = 'confirming'`),
  ],
);
