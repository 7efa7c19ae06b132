import { z } from 'zod';
import {
  confirmationsField,
  explorerTxUrlField,
  rpcUrlField,
  tokenAddressField,
  tokenDecimalsField,
  tokenMatchesAsset,
  tokenMismatch,
  watchAssetField,
  watchChainField,
} from './chain-deposits.ts';
import type { TMessageKey } from './messages.ts';

/**
 * Withdrawals paid on chain (docs/money.md, "Withdrawals paid on chain"): the operator's watch of a
 * withdrawal method, the payout transaction staff record on a pending withdrawal, and what staff and
 * the client read of it while it confirms.
 */

/** The admin's watch of a withdrawal method: which node, chain and asset its payouts are checked on. */
export const ZPayoutWatchInput = z
  .strictObject({
    chain: watchChainField,
    rpcUrl: rpcUrlField,
    confirmations: confirmationsField,
    asset: watchAssetField,
    tokenAddress: tokenAddressField.optional(),
    tokenDecimals: tokenDecimalsField.optional(),
    /** A block explorer's transaction page, `{tx}` standing for the hash; omitted: hashes shown as text. */
    explorerTxUrl: explorerTxUrlField.optional(),
  })
  .refine(tokenMatchesAsset, tokenMismatch);
export type TPayoutWatchInput = z.output<typeof ZPayoutWatchInput>;

/** A withdrawal method's watch as the back office reads it: the node by its origin only. */
export const ZPayoutWatch = z.object({
  withdrawalMethodId: z.uuid(),
  chain: z.enum(['ethereum']),
  rpcOrigin: z.string(),
  confirmations: z.number().int(),
  asset: z.enum(['native', 'erc20']),
  tokenAddress: z.string().nullable(),
  tokenDecimals: z.number().int().nullable(),
  explorerTxUrl: z.string().nullable(),
});
export type TPayoutWatch = z.infer<typeof ZPayoutWatch>;
export const ZPayoutWatchAnswer = z.object({ message: z.string(), watch: ZPayoutWatch });
export type TPayoutWatchAnswer = z.infer<typeof ZPayoutWatchAnswer>;

/** The payout transaction staff sent for a pending withdrawal on a watched method. */
export const ZPayoutTxInput = z.strictObject({
  txHash: z
    .string({ error: 'validation.evmHashInvalid' satisfies TMessageKey })
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, { error: 'validation.evmHashInvalid' satisfies TMessageKey }),
});
export type TPayoutTxInput = z.output<typeof ZPayoutTxInput>;

/**
 * Where a recorded payout stands. `confirming`: waiting for its block to be `requiredConfirmations`
 * deep; `approval`: confirmed, its completion waits for a second staff member (four eyes);
 * `completed`: the withdrawal is Completed; `failed`: confirmed but reverted, or it does not pay the
 * withdrawal (`problem`): never completes; `closed`: the withdrawal was declined or deleted.
 */
export const PAYOUT_TX_STATUSES = ['confirming', 'approval', 'completed', 'failed', 'closed'] as const;
/**
 * What is wrong with a payout: its block left the chain (`reorged`), it reverted, or it pays another
 * address or less than the withdrawal. While `confirming`, a problem may still clear.
 */
export const PAYOUT_TX_PROBLEMS = ['reorged', 'reverted', 'wrongAddress', 'wrongAmount'] as const;

export const ZPayoutTx = z.object({
  withdrawalId: z.uuid(),
  txHash: z.string(),
  /** The transaction's page on the method's block explorer; null when none is configured. */
  explorerUrl: z.string().nullable(),
  status: z.enum(PAYOUT_TX_STATUSES),
  problem: z.enum(PAYOUT_TX_PROBLEMS).nullable(),
  /** How deep its block is (0: not in a block yet), at most `requiredConfirmations` while confirming. */
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  asset: z.enum(['native', 'erc20']),
  /** At least this much must reach the withdrawal's address, in the asset's smallest unit, as decimal text. */
  expectedBase: z.string(),
  recordedAt: z.iso.datetime(),
});
export type TPayoutTx = z.infer<typeof ZPayoutTx>;
export const ZPayoutTxAnswer = z.object({ message: z.string(), payout: ZPayoutTx });

/**
 * A withdrawal's standing on chain: whether its method is watched (staff may then record its payout
 * transaction while it is pending), and the payout recorded, if any.
 */
export const ZWithdrawalPayout = z.object({ watched: z.boolean(), payout: ZPayoutTx.nullable() });
export type TWithdrawalPayout = z.infer<typeof ZWithdrawalPayout>;
export type TPayoutTxAnswer = z.infer<typeof ZPayoutTxAnswer>;
