import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Proof of reserves (docs/money.md, "Proof of reserves"), owned by modules/money/reserves.
 */

/**
 * A reserve staff declare with its evidence (a bank statement, a cold-wallet address, an auditor's
 * letter): counted in the assets of every snapshot taken while it stands. Never deleted: removing or
 * replacing it sets `removed_at`, so a past snapshot's declarations stay explained.
 */
export const reserveDeclarations = pgTable(
  'reserve_declarations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    label: text('label').notNull(),
    /** Cents. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    evidence: text('evidence').notNull(),
    declaredBy: uuid('declared_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    declaredAt: timestamp('declared_at', { withTimezone: true }).notNull().defaultNow(),
    /** The standing declaration this one replaced (removed in the same transaction). */
    replacesId: uuid('replaces_id'),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'restrict' }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    check('reserve_declarations_amount_check', sql`${t.amount} >= 0`),
    index('reserve_declarations_standing_idx').on(t.declaredAt).where(sql`${t.removedAt} is null`),
  ],
);

/** What the totals were split into, in cents as decimal text (jsonb has no bigint). */
export interface TStoredLiabilities {
  balance: string;
  trading: string;
  profit: string;
  bonus: string;
  withdrawalHold: string;
}

/** One watched method's addresses as read for the snapshot (cents and base units as decimal text). */
export interface TStoredChainAsset {
  depositMethodId: string;
  methodName: string;
  chain: string;
  asset: 'native' | 'erc20';
  tokenAddress: string | null;
  block: string | null;
  addresses: number;
  amountBase: string;
  decimals: number;
  rateCents: string | null;
  cents: string;
  status: 'read' | 'unavailable' | 'unpriced';
}

/** A declaration as it counted in the snapshot. */
export interface TStoredDeclaration {
  id: string;
  label: string;
  cents: string;
  evidence: string;
}

/**
 * A published snapshot: the Merkle root over every client's leaf, the liabilities read in one
 * consistent read of the ledger's balances, and the assets counted (chain and declared), in cents.
 */
export const reserveSnapshots = pgTable(
  'reserve_snapshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    root: text('root').notNull(),
    leafCount: integer('leaf_count').notNull(),
    liabilities: bigint('liabilities', { mode: 'bigint' }).notNull(),
    liabilitiesByAccount: jsonb('liabilities_by_account').$type<TStoredLiabilities>().notNull(),
    onChain: bigint('on_chain', { mode: 'bigint' }).notNull(),
    declared: bigint('declared', { mode: 'bigint' }).notNull(),
    chainAssets: jsonb('chain_assets').$type<TStoredChainAsset[]>().notNull(),
    declarations: jsonb('declarations').$type<TStoredDeclaration[]>().notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reserve_snapshots_created_idx').on(t.createdAt)],
);

/**
 * Each client's leaf in a snapshot: their balance in cents and the random salt the leaf hashes
 * (contracts/reserves-merkle.ts), kept so their proof can be served later. Only they are shown it.
 */
export const reserveLeaves = pgTable(
  'reserve_leaves',
  {
    snapshotId: uuid('snapshot_id')
      .notNull()
      .references(() => reserveSnapshots.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    salt: text('salt').notNull(),
    cents: bigint('cents', { mode: 'bigint' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.userId] })],
);
