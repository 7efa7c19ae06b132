import { z } from 'zod';
import type { TMessageKey } from './messages.ts';

/**
 * Deposits seen on chain (docs/money.md, "Deposits seen on chain"): the operator's watch of a deposit
 * method, and what a client reads of it (their own address and their transfers as they confirm).
 */

const xpubField = z
  .string({ error: 'deposits.xpubInvalid' satisfies TMessageKey })
  .trim()
  // Base58 of a BIP-32 extended public key; the server parses it and refuses a private one.
  .regex(/^[xtz]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, { error: 'deposits.xpubInvalid' satisfies TMessageKey });

/** The admin's watch of a deposit method. The node's address may carry an access key. */
export const ZChainWatchInput = z
  .strictObject({
    chain: z.enum(['ethereum']),
    rpcUrl: z
      .string({ error: 'deposits.rpcUrlInvalid' satisfies TMessageKey })
      .trim()
      .max(500, { error: 'deposits.rpcUrlInvalid' satisfies TMessageKey })
      .regex(/^https?:\/\/[^\s]+$/, { error: 'deposits.rpcUrlInvalid' satisfies TMessageKey }),
    confirmations: z.coerce.number().int().min(1).max(1000),
    xpub: xpubField,
    asset: z.enum(['native', 'erc20']),
    tokenAddress: z
      .string()
      .trim()
      .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'deposits.tokenAddressInvalid' satisfies TMessageKey })
      .optional(),
    tokenDecimals: z.coerce.number().int().min(2).max(36).optional(),
    /** Read from the block after this one; omitted: from the node's tip when the watch starts. */
    startBlock: z.coerce.number().int().min(0).optional(),
  })
  .refine((v) => (v.asset === 'erc20') === (v.tokenAddress !== undefined && v.tokenDecimals !== undefined), {
    error: 'deposits.tokenAddressInvalid' satisfies TMessageKey,
    path: ['tokenAddress'],
  });
export type TChainWatchInput = z.output<typeof ZChainWatchInput>;

/** A watch as the back office reads it: the node by its origin only (its path or query may hold a key). */
export const ZChainWatch = z.object({
  depositMethodId: z.uuid(),
  chain: z.enum(['ethereum']),
  rpcOrigin: z.string(),
  confirmations: z.number().int(),
  xpub: z.string(),
  asset: z.enum(['native', 'erc20']),
  tokenAddress: z.string().nullable(),
  tokenDecimals: z.number().int().nullable(),
  startBlock: z.number().int().nullable(),
  /** The last block applied; null before the first run. */
  cursorBlock: z.number().int().nullable(),
  addresses: z.number().int(),
});
export type TChainWatch = z.infer<typeof ZChainWatch>;
export const ZChainWatchAnswer = z.object({ message: z.string(), watch: ZChainWatch });
export type TChainWatchAnswer = z.infer<typeof ZChainWatchAnswer>;

/** One transfer to the client's address as the client sees it: Confirming n/N, then credited. */
export const ZChainTransfer = z.object({
  txHash: z.string(),
  status: z.enum(['confirming', 'credited', 'dropped', 'dust']),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  /** The Deposit record in the client's history (none for dust). */
  depositId: z.uuid().nullable(),
  /** In the asset's smallest unit, as decimal text. */
  amountBase: z.string(),
  createdAt: z.iso.datetime(),
});
export type TChainTransfer = z.infer<typeof ZChainTransfer>;

/** The client's own deposit address on a watched method, its QR code and their recent transfers to it. */
export const ZChainDepositAddress = z.object({
  depositMethodId: z.uuid(),
  chain: z.enum(['ethereum']),
  asset: z.enum(['native', 'erc20']),
  tokenAddress: z.string().nullable(),
  address: z.string(),
  qrCode: z.string(),
  requiredConfirmations: z.number().int(),
  transfers: z.array(ZChainTransfer),
});
export type TChainDepositAddress = z.infer<typeof ZChainDepositAddress>;
