import { fromCents } from '@meridian/contracts/money';
import { NOTICE_LINKS } from '@meridian/contracts/notice-terms';
import type { Tx } from '../../../db/client.ts';
import { postBatch } from '../../../ledger/ledger.ts';
import { tellClients } from '../../back-office/messages/index.ts';
import { lockOpenClients } from '../../identity/users/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { insertTransactions, lockTransaction } from '../transactions/index.ts';
import { completeChainDeposits, lockDeposits, setChainDepositOutcome } from './deposits.repository.ts';

/**
 * The deposit records of transfers the chain watcher sees (docs/money.md, "Deposits seen on chain"):
 * the same `Deposit` rows as declared deposits, so the client's history, the admin's list, the
 * charts and statements read them alike, with the transaction hash as their reference. Pending while
 * the transfer confirms; Completed exactly once by `creditChainDeposits` (ledger `deposit.completed`,
 * external → balance); Declined when its block left the chain.
 */

export interface TChainDepositSeen {
  /** The record's id, chosen by the caller (its transfer row names it in the same transaction). */
  id: string;
  userId: string;
  /** Cents: final for a token; for a coin, an estimate at the current bid until the credit. */
  amount: bigint;
  method: { id: string; name: string; value: string };
  txHash: string;
  fromAddress: string;
}

/** Writes the Pending deposit records of newly seen transfers, in one statement. */
export async function openChainDeposits(tx: Tx, seen: readonly TChainDepositSeen[]): Promise<void> {
  await insertTransactions(
    tx,
    seen.map((s) => ({
      id: s.id,
      userId: s.userId,
      type: 'Deposit' as const,
      status: 'Pending' as const,
      amount: s.amount,
      direction: 'in' as const,
      depositMethodId: s.method.id,
      depositMethodName: s.method.name,
      depositMethodValue: s.method.value,
      reference: s.txHash,
      senderAddress: s.fromAddress,
    })),
  );
}

export interface TChainCredit {
  transactionId: string;
  /** Cents to credit, above 0. */
  amount: bigint;
  txHash: string;
}

/**
 * Credits confirmed transfers: the records are locked and re-read together, and only the Pending ones
 * are posted (external → balance, one ledger transaction each) and set Completed, in the caller's
 * transaction, so a record is credited once
 * whatever else runs (another watcher, an admin's status change). Answers the records Completed now:
 * credited here or earlier (an admin's Completed). One an admin Declined is left alone: Declined is
 * not final, and the desk decides it.
 */
export async function creditChainDeposits(
  tx: Tx,
  mail: Mailer,
  credits: readonly TChainCredit[],
): Promise<Set<string>> {
  const byId = new Map(credits.map((c) => [c.transactionId, c]));
  const locked = await lockDeposits(tx, [...byId.keys()]);
  const completedBefore = locked.filter((row) => row.status === 'Completed').map((row) => row.id);
  // A closed account is credited nothing (it must hold nothing): its record stays Pending, the transfer
  // confirming, until the desk decides (docs/money.md, "Deposits seen on chain").
  const open = await lockOpenClients(tx, [...new Set(locked.map((row) => row.userId))]);
  const pending = locked.filter((row) => row.status === 'Pending' && open.has(row.userId));
  const done = pending.map((row) => ({ row, credit: byId.get(row.id) as TChainCredit }));
  // One posting per deposit (each its own ledger transaction, referring to its record), written at once.
  await postBatch(
    tx,
    done.map(({ row, credit }) => ({
      kind: 'deposit.completed',
      reason: `Deposit via ${row.depositMethodName ?? 'deposit method'} confirmed on chain (${credit.txHash})`,
      actorId: null,
      ref: { type: 'transaction', id: row.id },
      legs: [
        { account: 'external' as const, amount: -credit.amount },
        { userId: row.userId, account: 'balance' as const, amount: credit.amount },
      ],
    })),
  );
  await completeChainDeposits(
    tx,
    done.map(({ row, credit }) => ({ id: row.id, userId: row.userId, amount: credit.amount })),
  );
  await tellClients(
    tx,
    mail,
    done.map(({ row, credit }) => ({
      key: 'depositCompleted' as const,
      params: { amount: fromCents(credit.amount), method: row.depositMethodName ?? '' },
      link: NOTICE_LINKS.transaction(row.id),
      receiverId: row.userId,
    })),
  );
  return new Set([...completedBefore, ...done.map(({ row }) => row.id)]);
}

/** Declines the Pending record of a transfer whose block left the chain before it was confirmed. */
export async function dropChainDeposit(tx: Tx, transactionId: string): Promise<void> {
  const row = await lockTransaction(tx, transactionId);
  if (row?.type !== 'Deposit' || row.status !== 'Pending') return;
  await setChainDepositOutcome(tx, row.id, {
    status: 'Declined',
    reason: 'The transfer left the chain (a reorganisation) before it was confirmed',
  });
}
