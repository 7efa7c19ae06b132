import type { FastifyBaseLogger } from 'fastify';
import {
  type Hash,
  type PublicClient,
  parseAbiItem,
  parseEventLogs,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { Db } from '../../../db/client.ts';
import { noteLiveChange } from '../../platform/live/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { findTransaction, lockTransaction, type TTransactionRow } from '../transactions/index.ts';
import { setWithdrawalStatus } from '../withdrawals/index.ts';
import {
  confirmingPayouts,
  findPayoutWatch,
  lockPayout,
  type TPayoutRow,
  type TPayoutWatchRow,
  updatePayout,
} from './chain-payouts.repository.ts';
import { clientOf } from './chain-watcher.ts';

/**
 * The payout watcher (docs/money.md, "Withdrawals paid on chain"). Each run checks every payout still
 * confirming against its method's node: it reads the transaction's receipt outside any database
 * transaction, then, in one database transaction holding the withdrawal's row lock and then the
 * payout's, records how deep it is and what is wrong with it, if anything. A payout `confirmations`
 * deep that succeeded and pays the withdrawal's address at least its amount completes the withdrawal
 * through the withdrawals service, as the staff member who recorded it and under the same four-eyes
 * rule: above the threshold the completion waits for a second staff member's approval. The locks and
 * the payout's status make this happen once, with any number of servers, crashes and restarts.
 *
 * A reverted transaction, or one paying another address or less, shows its problem while it
 * confirms and fails once confirmed; a transaction whose block left the chain shows `reorged` and is
 * checked on (it may be mined again). Neither ever completes the withdrawal.
 */

const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

export interface TPayoutWatcherDeps {
  mail: Mailer;
  log: FastifyBaseLogger;
  /** The four-eyes threshold of withdrawals, in cents (APPROVAL_WITHDRAWAL_ABOVE; null: never). */
  approvalAbove: bigint | null;
  rpcTimeoutMs?: number;
}

type TProblem = NonNullable<TPayoutRow['problem']>;

/** What the node says of a payout now: not in a block, or in one, how deep, and what is wrong. */
type TSeen =
  | { found: false }
  | { found: true; blockNumber: bigint; blockHash: string; depth: number; problem: TProblem | null };

/**
 * The least a payout must move, in the asset's smallest unit: a token's amount at 1 token = 1 USD, or
 * the chain's coin at the ETH/USD bid recorded with it, rounded up to a whole unit.
 */
export function expectedBase(watch: TPayoutWatchRow, cents: bigint, rateCents: bigint | null): bigint {
  if (watch.asset === 'erc20') {
    const decimals = watch.tokenDecimals ?? 18;
    return decimals >= 2 ? cents * 10n ** BigInt(decimals - 2) : cents / 10n ** BigInt(2 - decimals);
  }
  if (rateCents === null || rateCents <= 0n) return 0n;
  const wei = cents * 10n ** 18n;
  return (wei + rateCents - 1n) / rateCents;
}

/** One run over every confirming payout; a node that fails does not stop the others, but fails the run. */
export async function watchPayouts(db: Db, deps: TPayoutWatcherDeps, signal: AbortSignal): Promise<number> {
  let done = 0;
  let failure: unknown;
  const watches = new Map<string, TPayoutWatchRow | undefined>();
  const tips = new Map<string, bigint>();
  for (const payout of await confirmingPayouts(db)) {
    if (signal.aborted) break;
    try {
      const withdrawal = await findTransaction(db, payout.transactionId);
      if (withdrawal?.status !== 'Pending' || !withdrawal.withdrawalMethodId) {
        done += await settle(db, payout, null, deps);
        continue;
      }
      const methodId = withdrawal.withdrawalMethodId;
      if (!watches.has(methodId)) watches.set(methodId, await findPayoutWatch(db, methodId));
      const watch = watches.get(methodId);
      // A method no longer watched: its payouts wait, unchecked, for the watch or for staff.
      if (!watch) continue;
      const client = clientOf(watch.rpcUrl, deps.rpcTimeoutMs ?? 10_000);
      let tip = tips.get(watch.rpcUrl);
      if (tip === undefined) {
        tip = await client.getBlockNumber({ cacheTime: 0 });
        tips.set(watch.rpcUrl, tip);
      }
      const seen = await look(client, watch, withdrawal, payout, tip);
      done += await settle(db, payout, { watch, seen }, deps);
    } catch (err) {
      deps.log.error({ err, withdrawalId: payout.transactionId }, 'payout check failed');
      failure ??= err;
    }
  }
  if (failure) throw failure;
  return done;
}

/** Reads the payout's receipt (and, for the coin, its transaction) and judges it against the withdrawal. */
async function look(
  client: PublicClient,
  watch: TPayoutWatchRow,
  withdrawal: TTransactionRow,
  payout: TPayoutRow,
  tip: bigint,
): Promise<TSeen> {
  const hash = payout.txHash as Hash;
  const receipt = await client.getTransactionReceipt({ hash }).catch((err: unknown) => {
    if (err instanceof TransactionReceiptNotFoundError) return null;
    throw err;
  });
  if (!receipt) return { found: false };
  const depth = tip < receipt.blockNumber ? 0 : Number(tip - receipt.blockNumber) + 1;
  const to = (withdrawal.address ?? '').toLowerCase();
  const due = expectedBase(watch, withdrawal.amount, payout.rateCents);
  let problem: TProblem | null = null;
  if (receipt.status !== 'success') {
    problem = 'reverted';
  } else if (watch.asset === 'native') {
    const sent = await client.getTransaction({ hash }).catch((err: unknown) => {
      if (err instanceof TransactionNotFoundError) return null;
      throw err;
    });
    if (!sent) return { found: false };
    if (sent.to?.toLowerCase() !== to) problem = 'wrongAddress';
    else if (due <= 0n || sent.value < due) problem = 'wrongAmount';
  } else {
    const token = (watch.tokenAddress ?? '').toLowerCase();
    const paid = parseEventLogs({ abi: [TRANSFER_EVENT], logs: receipt.logs, strict: true })
      .filter((l) => l.address.toLowerCase() === token && l.args.to.toLowerCase() === to)
      .reduce((sum, l) => sum + l.args.value, 0n);
    if (paid === 0n) problem = 'wrongAddress';
    else if (paid < due) problem = 'wrongAmount';
  }
  return { found: true, blockNumber: receipt.blockNumber, blockHash: receipt.blockHash, depth, problem };
}

/**
 * Applies what was seen of one payout, under the withdrawal's and the payout's row locks, if the payout
 * is still the one read and still confirming. `null`: the withdrawal is no longer pending. Answers 1
 * when it completed the withdrawal (or asked for its approval), else 0.
 */
async function settle(
  db: Db,
  read: TPayoutRow,
  check: { watch: TPayoutWatchRow; seen: TSeen } | null,
  deps: TPayoutWatcherDeps,
): Promise<number> {
  return db.transaction(async (tx) => {
    const withdrawal = await lockTransaction(tx, read.transactionId);
    const payout = await lockPayout(tx, read.transactionId);
    if (payout?.status !== 'confirming' || payout.txHash !== read.txHash) return 0;
    if (withdrawal?.status !== 'Pending') {
      // Completed by staff, or declined or deleted: nothing is left for the watcher to do.
      await updatePayout(tx, payout.transactionId, {
        status: withdrawal?.status === 'Completed' ? 'completed' : 'closed',
      });
      return 0;
    }
    if (!check) return 0;
    const { watch, seen } = check;
    const say = (problem: TProblem | null) => {
      if (problem && problem !== payout.problem) {
        deps.log.warn(
          { withdrawalId: payout.transactionId, txHash: payout.txHash, problem },
          'withdrawal payout transaction has a problem: the withdrawal stays pending',
        );
      }
    };
    if (!seen.found) {
      // Seen in a block before and gone now: that block left the chain. The payout is checked on.
      const problem = payout.blockHash !== null || payout.problem === 'reorged' ? 'reorged' : payout.problem;
      say(problem);
      await updatePayout(tx, payout.transactionId, { problem, blockNumber: null, blockHash: null, confirmations: 0 });
      if (problem !== payout.problem || payout.confirmations !== 0)
        noteLiveChange(tx, withdrawal.userId, ['transactions']);
      return 0;
    }
    say(seen.problem);
    const deep = seen.depth >= watch.confirmations;
    let status: TPayoutRow['status'] = 'confirming';
    let completed = 0;
    if (deep && seen.problem) {
      status = 'failed';
    } else if (deep) {
      const { outcome } = await setWithdrawalStatus(
        tx,
        deps.mail,
        payout.recordedBy,
        payout.transactionId,
        'Completed',
        { reference: payout.txHash },
        { above: deps.approvalAbove },
      );
      status = outcome === 'done' ? 'completed' : 'approval';
      completed = 1;
    }
    await updatePayout(tx, payout.transactionId, {
      status,
      problem: seen.problem,
      blockNumber: seen.blockNumber,
      blockHash: seen.blockHash,
      confirmations: Math.min(seen.depth, watch.confirmations),
    });
    noteLiveChange(tx, withdrawal.userId, ['transactions']);
    return completed;
  });
}
