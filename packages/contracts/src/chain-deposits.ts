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

/** A URL template for a transaction's page on a block explorer: http(s), with `{tx}` for the hash. */
export const explorerTxUrlField = z
  .string({ error: 'deposits.explorerTxUrlInvalid' satisfies TMessageKey })
  .trim()
  .max(500, { error: 'deposits.explorerTxUrlInvalid' satisfies TMessageKey })
  .regex(/^https?:\/\/[^\s{}]+(?:\{tx\}[^\s{}]*)+$/, { error: 'deposits.explorerTxUrlInvalid' satisfies TMessageKey });

/** A transaction's page on the explorer a template names (see explorerTxUrlField). */
export function explorerTxLink(template: string | null | undefined, txHash: string): string | null {
  if (!template) return null;
  return template.replaceAll('{tx}', encodeURIComponent(txHash));
}

/*
 * The pieces a chain watch's input shares, whether it watches deposits or payouts
 * (docs/money.md, "Deposits seen on chain" and "Withdrawals paid on chain").
 */
export const watchChainField = z.enum(['ethereum']);
/** The node's JSON-RPC address; it may carry an access key, so it is never answered in full. */
export const rpcUrlField = z
  .string({ error: 'deposits.rpcUrlInvalid' satisfies TMessageKey })
  .trim()
  .max(500, { error: 'deposits.rpcUrlInvalid' satisfies TMessageKey })
  .regex(/^https?:\/\/[^\s]+$/, { error: 'deposits.rpcUrlInvalid' satisfies TMessageKey });
export const confirmationsField = z.coerce.number().int().min(1).max(1000);
export const watchAssetField = z.enum(['native', 'erc20']);
export const tokenAddressField = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'deposits.tokenAddressInvalid' satisfies TMessageKey });
export const tokenDecimalsField = z.coerce.number().int().min(2).max(36);

/** An ERC-20 watch names its token (address and decimals); a native coin's watch names none. */
export function tokenMatchesAsset(v: {
  asset: 'native' | 'erc20';
  tokenAddress?: string | undefined;
  tokenDecimals?: number | undefined;
}): boolean {
  return (v.asset === 'erc20') === (v.tokenAddress !== undefined && v.tokenDecimals !== undefined);
}
/** The issue tokenMatchesAsset raises, on the token's address field. */
export const tokenMismatch = {
  error: 'deposits.tokenAddressInvalid' satisfies TMessageKey,
  path: ['tokenAddress'],
};

/** The admin's watch of a deposit method. The node's address may carry an access key. */
export const ZChainWatchInput = z
  .strictObject({
    chain: watchChainField,
    rpcUrl: rpcUrlField,
    confirmations: confirmationsField,
    xpub: xpubField,
    asset: watchAssetField,
    tokenAddress: tokenAddressField.optional(),
    tokenDecimals: tokenDecimalsField.optional(),
    /** Read from the block after this one; omitted: from the node's tip when the watch starts. */
    startBlock: z.coerce.number().int().min(0).optional(),
    /**
     * A block explorer's transaction page, `{tx}` standing for the hash (e.g.
     * https://etherscan.io/tx/{tx}); omitted: hashes are shown as text.
     */
    explorerTxUrl: explorerTxUrlField.optional(),
  })
  .refine(tokenMatchesAsset, tokenMismatch);
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
  explorerTxUrl: z.string().nullable(),
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
  /** The explorer's transaction page template (`{tx}` for the hash); null: none configured. */
  explorerTxUrl: z.string().nullable(),
  transfers: z.array(ZChainTransfer),
});
export type TChainDepositAddress = z.infer<typeof ZChainDepositAddress>;
