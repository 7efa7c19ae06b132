import type { TAuditAction } from '@meridian/contracts/balances';
import type { TChainDepositAddress, TChainWatch, TChainWatchInput } from '@meridian/contracts/chain-deposits';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import { qrCodeDataUrl } from '../../../lib/qr-code.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import { findDepositMethod, methodNotFound } from '../methods/index.ts';
import {
  countAddresses,
  findAddress,
  findWatch,
  insertAddress,
  nextAddressIndex,
  type TChainWatchRow,
  transfersOfUser,
  upsertWatch,
} from './chain-deposits.repository.ts';
import { deriveAddress, MAX_ADDRESS_INDEX, parseXpub } from './derivation.ts';

/**
 * Watched deposit methods (docs/money.md, "Deposits seen on chain"; docs/operations.md, "Watched
 * deposit methods"): the admin's watch of a method, and each client's own address on it.
 */

const notWatched = () => new AppError('NOT_FOUND', 'deposits.notWatched');
/** Transfers a client's address answer lists, newest first. */
const TRANSFERS_LISTED = 20;

/** The node by its origin only: a provider's key sits in the path or the query, never shown back. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

async function toApiWatch(db: Db, row: TChainWatchRow): Promise<TChainWatch> {
  return {
    depositMethodId: row.depositMethodId,
    chain: row.chain,
    rpcOrigin: originOf(row.rpcUrl),
    confirmations: row.confirmations,
    xpub: row.xpub,
    asset: row.asset,
    tokenAddress: row.tokenAddress,
    tokenDecimals: row.tokenDecimals,
    startBlock: row.startBlock === null ? null : Number(row.startBlock),
    explorerTxUrl: row.explorerTxUrl,
    cursorBlock: row.cursorNumber === null ? null : Number(row.cursorNumber),
    addresses: await countAddresses(db, row.xpub),
  };
}

export async function readChainWatch(db: Db, methodId: string): Promise<TChainWatch> {
  const row = await findWatch(db, methodId);
  if (!row) throw notWatched();
  return toApiWatch(db, row);
}

/** Creates or changes the watch of a live deposit method; audited with the method (node by origin). */
export async function setChainWatch(
  db: Db,
  actorId: string,
  methodId: string,
  input: TChainWatchInput,
): Promise<TChainWatch> {
  const xpub = input.xpub.trim();
  if (!parseXpub(xpub)) throw AppError.field('xpub', 'deposits.xpubInvalid');
  const row = await db.transaction(async (tx) => {
    if (!(await findDepositMethod(tx, methodId))) throw methodNotFound();
    const before = await findWatch(tx, methodId);
    const row = await upsertWatch(tx, methodId, {
      chain: input.chain,
      rpcUrl: input.rpcUrl.trim(),
      confirmations: input.confirmations,
      xpub,
      asset: input.asset,
      tokenAddress: input.asset === 'erc20' ? (input.tokenAddress?.trim().toLowerCase() ?? null) : null,
      tokenDecimals: input.asset === 'erc20' ? (input.tokenDecimals ?? null) : null,
      startBlock: input.startBlock === undefined ? null : BigInt(input.startBlock),
      explorerTxUrl: input.explorerTxUrl?.trim() || null,
    });
    const shown = (r: TChainWatchRow) => ({
      chain: r.chain,
      rpcOrigin: originOf(r.rpcUrl),
      confirmations: r.confirmations,
      xpub: r.xpub,
      asset: r.asset,
      tokenAddress: r.tokenAddress,
      tokenDecimals: r.tokenDecimals,
      startBlock: r.startBlock === null ? null : Number(r.startBlock),
      explorerTxUrl: r.explorerTxUrl,
    });
    await recordAudit(tx, {
      actorId,
      action: 'depositMethod.update' satisfies TAuditAction,
      entityType: 'depositMethod',
      entityId: methodId,
      before: before ? { watch: shown(before) } : { watch: null },
      after: { watch: shown(row) },
    });
    return row;
  });
  return toApiWatch(db, row);
}

/**
 * A client's address under a watch's key: given on first asking, child 0/index with the next free
 * index, and kept (docs/operations.md, "Watched deposit methods"). Two first askings at once both
 * try; the unique keys let one win and the other reads it.
 */
export async function clientAddress(db: Db, xpub: string, userId: string): Promise<string> {
  const known = await findAddress(db, xpub, userId);
  if (known) return known;
  const account = parseXpub(xpub);
  if (!account) throw new Error('the watch has no valid extended public key');
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const given = await db.transaction(async (tx) => {
        const index = await nextAddressIndex(tx, xpub);
        if (index > MAX_ADDRESS_INDEX) throw new Error('no address index left under this key');
        await insertAddress(tx, { xpub, userId, index, address: deriveAddress(account, index) });
        return findAddress(tx, xpub, userId);
      });
      if (given) return given;
    } catch (err) {
      // Another client took the same index at the same moment: try the next one.
      if (
        (err as { code?: string; cause?: { code?: string } }).cause?.code !== '23505' &&
        (err as { code?: string }).code !== '23505'
      )
        throw err;
    }
  }
  throw new Error('could not give a deposit address');
}

/** GET /depositmethod/:id/address: the client's address on a watched method and their transfers to it. */
export async function readChainDepositAddress(
  db: Db,
  caller: TCaller,
  methodId: string,
): Promise<TChainDepositAddress> {
  const method = await findDepositMethod(db, methodId);
  if (!method) throw methodNotFound();
  const watch = await findWatch(db, methodId);
  if (!watch) throw notWatched();
  const address = await clientAddress(db, watch.xpub, caller.id);
  const tip = watch.cursorNumber;
  const transfers = await transfersOfUser(db, methodId, caller.id, TRANSFERS_LISTED);
  return {
    depositMethodId: methodId,
    chain: watch.chain,
    asset: watch.asset,
    tokenAddress: watch.tokenAddress,
    address,
    qrCode: await qrCodeDataUrl(address),
    requiredConfirmations: watch.confirmations,
    explorerTxUrl: watch.explorerTxUrl,
    transfers: transfers.map((t) => {
      const depth = tip === null || tip < t.blockNumber ? 0 : Number(tip - t.blockNumber) + 1;
      return {
        txHash: t.txHash,
        status: t.status,
        confirmations:
          t.status === 'credited' ? Math.max(watch.confirmations, depth) : Math.min(depth, watch.confirmations),
        requiredConfirmations: watch.confirmations,
        depositId: t.transactionId,
        amountBase: t.amountBase,
        createdAt: t.createdAt.toISOString(),
      };
    }),
  };
}
