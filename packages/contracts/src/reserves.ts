import { z } from 'zod';
import { requiredText } from './fields.ts';
import type { TMessageKey } from './messages.ts';
import { amountField } from './methods.ts';

/**
 * Proof of reserves (docs/money.md, "Proof of reserves"): what the platform owes its clients (the
 * ledger's client accounts) against what it holds (the watched addresses' balances read from the
 * chain and the reserves staff declare with evidence), and a Merkle tree of every client's balance
 * whose root is published, so each client can check that their own balance was counted.
 */

const ZPerson = z.object({ id: z.uuid(), name: z.string() });

/** What the platform owes, by ledger account (dollars): the five client accounts of docs/money.md. */
export const ZReserveLiabilities = z.object({
  balance: z.number(),
  trading: z.number(),
  profit: z.number(),
  bonus: z.number(),
  withdrawalHold: z.number(),
});
export type TReserveLiabilities = z.infer<typeof ZReserveLiabilities>;

/**
 * One watched deposit method's addresses read from its node: `read` (counted), `unavailable` (the
 * node did not answer: counted as nothing) or `unpriced` (the coin had no ETH/USD price: its amount
 * is shown, counted as nothing).
 */
export const RESERVE_CHAIN_STATUSES = ['read', 'unavailable', 'unpriced'] as const;
export type TReserveChainStatus = (typeof RESERVE_CHAIN_STATUSES)[number];

export const ZReserveChainAsset = z.object({
  depositMethodId: z.uuid(),
  methodName: z.string(),
  chain: z.string(),
  asset: z.enum(['native', 'erc20']),
  tokenAddress: z.string().nullable(),
  /** The block the balances were read at. */
  block: z.number().int().nullable(),
  /** Client addresses read. */
  addresses: z.number().int(),
  /** The sum in the asset's smallest unit (wei, or the token's), as decimal text. */
  amountBase: z.string(),
  decimals: z.number().int(),
  /** The coin's ETH/USD bid used (dollars per coin); null for a token. */
  rate: z.number().nullable(),
  /** Dollars counted. */
  amount: z.number(),
  status: z.enum(RESERVE_CHAIN_STATUSES),
});
export type TReserveChainAsset = z.infer<typeof ZReserveChainAsset>;

export const ZReserveDeclaration = z.object({
  id: z.uuid(),
  label: z.string(),
  amount: z.number(),
  evidence: z.string(),
  declaredBy: ZPerson,
  declaredAt: z.iso.datetime(),
  /** The declaration this one replaced. */
  replacesId: z.uuid().nullable(),
});
export type TReserveDeclaration = z.infer<typeof ZReserveDeclaration>;

/** What anyone may see of a snapshot: its root and totals, nothing of any client. */
export const ZReserveSnapshotSummary = z.object({
  id: z.uuid(),
  root: z.string(),
  leafCount: z.number().int(),
  liabilities: z.number(),
  assets: z.number(),
  onChain: z.number(),
  declared: z.number(),
  /** Assets ÷ liabilities in basis points (10000 = 100 %), rounded down; null when nothing is owed. */
  coverageBps: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
});
export type TReserveSnapshotSummary = z.infer<typeof ZReserveSnapshotSummary>;

/** A snapshot as staff see it: the totals, by account and by asset, and who took it. */
export const ZReserveSnapshot = ZReserveSnapshotSummary.extend({
  liabilitiesByAccount: ZReserveLiabilities,
  chainAssets: z.array(ZReserveChainAsset),
  declarations: z.array(z.object({ id: z.uuid(), label: z.string(), amount: z.number(), evidence: z.string() })),
  createdBy: ZPerson,
});
export type TReserveSnapshot = z.infer<typeof ZReserveSnapshot>;

export const ZReservesOverview = z.object({
  /** Newest first (the last 50). */
  snapshots: z.array(ZReserveSnapshot),
  /** The declarations standing now, newest first. */
  declarations: z.array(ZReserveDeclaration),
  /** Whether the public page shows the latest root and totals (RESERVES_PUBLIC). */
  publicPage: z.boolean(),
});
export type TReservesOverview = z.infer<typeof ZReservesOverview>;

export const ZReserveSnapshotAnswer = z.object({ message: z.string(), snapshot: ZReserveSnapshot });
export type TReserveSnapshotAnswer = z.infer<typeof ZReserveSnapshotAnswer>;

export const ZReserveDeclarationInput = z.strictObject({
  label: requiredText('reserves.labelRequired', 120),
  amount: amountField('reserves.amountRequired'),
  evidence: requiredText('reserves.evidenceRequired', 2000),
  /** A standing declaration this one replaces (it is removed in the same step). */
  replacesId: z.uuid({ error: 'errors.notFound' satisfies TMessageKey }).optional(),
});
export type TReserveDeclarationInput = z.input<typeof ZReserveDeclarationInput>;

export const ZReserveDeclarationAnswer = z.object({ message: z.string(), declaration: ZReserveDeclaration });
export type TReserveDeclarationAnswer = z.infer<typeof ZReserveDeclarationAnswer>;

export const ZReserveMessage = z.object({ message: z.string() });

/** The published snapshots a client may check their balance in, newest first (the last 20). */
export const ZReserveSnapshotList = z.object({ snapshots: z.array(ZReserveSnapshotSummary) });
export type TReserveSnapshotList = z.infer<typeof ZReserveSnapshotList>;

export const ZReserveProofQuery = z.strictObject({
  /** A snapshot's id; absent: the latest. */
  snapshot: z.uuid({ error: 'errors.notFound' satisfies TMessageKey }).optional(),
});
export type TReserveProofQuery = z.input<typeof ZReserveProofQuery>;

/**
 * A client's inclusion proof: their leaf's data (the salt, their id and balance in cents, as the leaf
 * hashes them; contracts/reserves-merkle.ts) and the sibling hashes from their leaf to the root.
 */
export const ZReserveProof = z.object({
  snapshot: ZReserveSnapshotSummary,
  leaf: z.object({
    clientId: z.uuid(),
    salt: z.string(),
    /** Whole cents, as decimal text: what the leaf hashes. */
    cents: z.string(),
    balance: z.number(),
    hash: z.string(),
  }),
  proof: z.array(z.object({ side: z.enum(['left', 'right']), hash: z.string() })),
});
export type TReserveProof = z.infer<typeof ZReserveProof>;
