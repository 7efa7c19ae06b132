import { explorerTxLink } from '@meridian/contracts/chain-deposits';
import type {
  TPayoutTx,
  TPayoutTxInput,
  TPayoutWatch,
  TPayoutWatchInput,
  TWithdrawalPayout,
} from '@meridian/contracts/chain-payouts';
import { transferReferenceProblem } from '@meridian/contracts/transfer-reference';
import { type Db, type DbOrTx, inTransaction } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import { noteLiveChange } from '../../platform/live/index.ts';
import { closeApprovalOf } from '../approvals/index.ts';
import { findWithdrawalMethod, methodNotFound } from '../methods/index.ts';
import { findTransaction, lockTransaction, type TTransactionRow } from '../transactions/index.ts';
import {
  findPayout,
  findPayoutWatch,
  lockPayout,
  payoutOfHash,
  putPayout,
  type TPayoutRow,
  type TPayoutWatchRow,
  upsertPayoutWatch,
} from './chain-payouts.repository.ts';
import { expectedBase } from './chain-payouts.ts';

/**
 * Withdrawals paid on chain (docs/money.md, "Withdrawals paid on chain"): the admin's watch of a
 * withdrawal method, the payout transaction staff record on a pending withdrawal of it, and the
 * payout as staff and the client read it. The watcher (chain-payouts.ts) completes the withdrawal.
 */

const notWatched = () => new AppError('NOT_FOUND', 'withdrawals.notWatched');

/** The node by its origin only: a provider's key sits in the path or the query, never shown back. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

function toApiWatch(row: TPayoutWatchRow): TPayoutWatch {
  return {
    withdrawalMethodId: row.withdrawalMethodId,
    chain: row.chain,
    rpcOrigin: originOf(row.rpcUrl),
    confirmations: row.confirmations,
    asset: row.asset,
    tokenAddress: row.tokenAddress,
    tokenDecimals: row.tokenDecimals,
    explorerTxUrl: row.explorerTxUrl,
  };
}

export async function readPayoutWatch(db: Db, methodId: string): Promise<TPayoutWatch> {
  const row = await findPayoutWatch(db, methodId);
  if (!row) throw notWatched();
  return toApiWatch(row);
}

/** Creates or changes the watch of a live withdrawal method; audited with the method (node by origin). */
export async function setPayoutWatch(
  db: Db,
  actorId: string,
  methodId: string,
  input: TPayoutWatchInput,
): Promise<TPayoutWatch> {
  const row = await db.transaction(async (tx) => {
    if (!(await findWithdrawalMethod(tx, methodId))) throw methodNotFound();
    const before = await findPayoutWatch(tx, methodId);
    const row = await upsertPayoutWatch(tx, methodId, {
      chain: input.chain,
      rpcUrl: input.rpcUrl.trim(),
      confirmations: input.confirmations,
      asset: input.asset,
      tokenAddress: input.asset === 'erc20' ? (input.tokenAddress?.trim().toLowerCase() ?? null) : null,
      tokenDecimals: input.asset === 'erc20' ? (input.tokenDecimals ?? null) : null,
      explorerTxUrl: input.explorerTxUrl?.trim() || null,
    });
    const shown = (r: TPayoutWatchRow) => {
      const { withdrawalMethodId: _, ...watch } = toApiWatch(r);
      return watch;
    };
    await recordAudit(tx, {
      actorId,
      action: 'withdrawalMethod.update',
      entityType: 'withdrawalMethod',
      entityId: methodId,
      before: { watch: before ? shown(before) : null },
      after: { watch: shown(row) },
    });
    return row;
  });
  return toApiWatch(row);
}

function toApiPayout(withdrawal: TTransactionRow, payout: TPayoutRow, watch: TPayoutWatchRow | undefined): TPayoutTx {
  const required = watch?.confirmations ?? payout.confirmations;
  // The withdrawal's own status is the last word: completed or declined by staff meanwhile.
  const status =
    withdrawal.status === 'Completed'
      ? 'completed'
      : withdrawal.status === 'Declined' || withdrawal.deletedAt
        ? payout.status === 'completed'
          ? 'completed'
          : 'closed'
        : payout.status;
  return {
    withdrawalId: withdrawal.id,
    txHash: payout.txHash,
    explorerUrl: explorerTxLink(watch?.explorerTxUrl, payout.txHash),
    status,
    problem: payout.problem,
    confirmations: Math.min(payout.confirmations, required),
    requiredConfirmations: required,
    asset: watch?.asset ?? 'native',
    expectedBase: watch ? expectedBase(watch, withdrawal.amount, payout.rateCents).toString() : '0',
    recordedAt: payout.recordedAt.toISOString(),
  };
}

/**
 * Staff record the transaction that paid a pending withdrawal on a watched method. The withdrawal
 * stays Pending: the watcher completes it when the transaction is confirmed and pays it (and, above
 * the four-eyes threshold, asks a second staff member first). Recording another hash replaces the
 * one before (a waiting approval that named it is rejected); the same hash again changes nothing.
 * For the chain's coin, the ETH/USD bid now is what the payout must be worth (`coinBidCents`).
 */
export async function recordPayoutTx(
  db: DbOrTx,
  actorId: string,
  id: string,
  input: TPayoutTxInput,
  coinBidCents: () => bigint | null,
): Promise<TPayoutTx> {
  const txHash = input.txHash.trim().toLowerCase();
  return inTransaction(db, async (tx) => {
    const withdrawal = await lockTransaction(tx, id);
    if (withdrawal?.type !== 'Withdrawal') throw notFound();
    if (withdrawal.status !== 'Pending') throw new AppError('CONFLICT', 'withdrawals.payoutTxNotPending');
    const watch = withdrawal.withdrawalMethodId ? await findPayoutWatch(tx, withdrawal.withdrawalMethodId) : undefined;
    if (!watch) throw new AppError('CONFLICT', 'withdrawals.notWatched');
    // The hash becomes the withdrawal's payout reference when it completes: it must fit the method's network.
    const problem = transferReferenceProblem(withdrawal.withdrawalMethodName, txHash);
    if (problem) throw AppError.field('txHash', problem);
    const before = await lockPayout(tx, id);
    if (before?.txHash === txHash) return toApiPayout(withdrawal, before, watch);
    if (await payoutOfHash(tx, txHash, id)) throw new AppError('CONFLICT', 'withdrawals.payoutTxTaken');
    let rateCents: bigint | null = null;
    if (watch.asset === 'native') {
      rateCents = coinBidCents();
      if (rateCents === null || rateCents <= 0n) throw new AppError('CONFLICT', 'withdrawals.payoutNoPrice');
    }
    // A second staff member was asked to complete it with the hash it replaces: that is moot now.
    if (before?.status === 'approval') await closeApprovalOf(tx, id, actorId);
    const saved = await putPayout(tx, { transactionId: id, txHash, rateCents, recordedBy: actorId });
    await recordAudit(tx, {
      actorId,
      action: 'withdrawal.payoutReference',
      targetUserId: withdrawal.userId,
      entityType: 'transaction',
      entityId: id,
      before: { reference: before?.txHash ?? null },
      after: { reference: txHash },
    });
    noteLiveChange(tx, withdrawal.userId, ['transactions']);
    return toApiPayout(withdrawal, saved, watch);
  });
}

/** A withdrawal's standing on chain and its payout transaction: a client reads their own, staff any. */
export async function readPayoutTx(db: Db, caller: TCaller, id: string): Promise<TWithdrawalPayout> {
  const withdrawal = await findTransaction(db, id);
  if (withdrawal?.type !== 'Withdrawal') throw notFound();
  if (caller.type !== 'Admin' && withdrawal.userId !== caller.id) throw notFound();
  const watch = withdrawal.withdrawalMethodId ? await findPayoutWatch(db, withdrawal.withdrawalMethodId) : undefined;
  const payout = await findPayout(db, id);
  return { watched: watch !== undefined, payout: payout ? toApiPayout(withdrawal, payout, watch) : null };
}
