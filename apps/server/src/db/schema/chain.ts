import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { depositMethods, transactions } from './money.ts';
import { users } from './users.ts';

/**
 * Deposits seen on chain (docs/money.md, "Deposits seen on chain"), owned by
 * modules/money/chain-deposits.
 */

/**
 * A deposit method the platform watches on an Ethereum-family chain: the operator's node, how many
 * confirmations credit a transfer, the extended public key clients' addresses are derived from, the
 * asset (the chain's own coin, or an ERC-20 token), and how far the watcher has read (its cursor:
 * the last block applied, by number and hash).
 */
export const chainWatches = pgTable(
  'chain_watches',
  {
    depositMethodId: uuid('deposit_method_id')
      .primaryKey()
      .references(() => depositMethods.id, { onDelete: 'cascade' }),
    chain: text('chain', { enum: ['ethereum'] }).notNull(),
    /** The node's JSON-RPC address; may carry a key: never answered to clients. */
    rpcUrl: text('rpc_url').notNull(),
    confirmations: integer('confirmations').notNull(),
    /** An account-level extended public key (m/44'/60'/0'); clients get its child 0/index. */
    xpub: text('xpub').notNull(),
    asset: text('asset', { enum: ['native', 'erc20'] }).notNull(),
    tokenAddress: text('token_address'),
    tokenDecimals: integer('token_decimals'),
    /** The first block read, when the watch has no cursor yet (null: the node's tip at the first run). */
    startBlock: bigint('start_block', { mode: 'bigint' }),
    /** A block explorer's transaction page with `{tx}` for the hash (null: hashes shown as text). */
    explorerTxUrl: text('explorer_tx_url'),
    cursorNumber: bigint('cursor_number', { mode: 'bigint' }),
    cursorHash: text('cursor_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chain_watches_confirmations_check', sql`${t.confirmations} between 1 and 1000`),
    check(
      'chain_watches_token_check',
      sql`(${t.asset} = 'native' and ${t.tokenAddress} is null) or (${t.asset} = 'erc20' and ${t.tokenAddress} is not null and ${t.tokenDecimals} between 2 and 36)`,
    ),
  ],
);

/**
 * The hashes of the recent blocks a watch applied, to find the common ancestor when the chain
 * reorganises (kept for the last blocks past the confirmations; older ones are pruned).
 */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    depositMethodId: uuid('deposit_method_id')
      .notNull()
      .references(() => chainWatches.depositMethodId, { onDelete: 'cascade' }),
    number: bigint('number', { mode: 'bigint' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.depositMethodId, t.number] })],
);

/**
 * Each client's deposit address under one extended public key: child `0/index` of it, given once
 * and kept, so a client keeps their address and no two clients share one. Methods with the same key
 * (ETH and a token on one chain) give a client the same address.
 */
export const chainAddresses = pgTable(
  'chain_addresses',
  {
    xpub: text('xpub').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    index: integer('index').notNull(),
    /** Lower-case 0x address. */
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.xpub, t.userId] }),
    uniqueIndex('chain_addresses_index_key').on(t.xpub, t.index),
    uniqueIndex('chain_addresses_address_key').on(t.xpub, t.address),
  ],
);

/**
 * A transfer to a client's address, recorded once (one standing per method, transaction hash and log
 * index; -1 for a transfer of the chain's own coin). `confirming` until the watch's cursor is
 * `confirmations` blocks past it, then `credited` (once, with its deposit Completed) or, when its
 * block left the chain first, `dropped`. `dust`: below one cent, never credited.
 */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    depositMethodId: uuid('deposit_method_id')
      .notNull()
      .references(() => chainWatches.depositMethodId, { onDelete: 'restrict' }),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** In the asset's smallest unit (wei, or the token's), as the chain says. */
    amountBase: numeric('amount_base', { precision: 78, scale: 0, mode: 'string' }).notNull(),
    status: text('status', { enum: ['confirming', 'credited', 'dropped', 'dust'] }).notNull(),
    /** The client's Deposit record (none for dust). */
    transactionId: uuid('transaction_id').references(() => transactions.id),
    /** For the chain's own coin: the USD bid in cents per coin the credit used. */
    rateCents: bigint('rate_cents', { mode: 'bigint' }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Once per transfer while it stands; a transfer dropped by a reorganisation may be recorded again
    // when the new chain includes it.
    uniqueIndex('chain_transfers_once_key')
      .on(t.depositMethodId, t.txHash, t.logIndex)
      .where(sql`${t.status} <> 'dropped'`),
    index('chain_transfers_confirming_idx').on(t.depositMethodId, t.blockNumber).where(sql`${t.status} = 'confirming'`),
    index('chain_transfers_user_idx').on(t.userId, t.createdAt),
  ],
);
