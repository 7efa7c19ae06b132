import type { TAuditAction } from '@meridian/contracts/balances';
import { fromCents } from '@meridian/contracts/money';
import { NOTICE_LINKS, type TNoticeKey } from '@meridian/contracts/notice-terms';
import type { TAdjustmentKind } from '@meridian/contracts/transaction-terms';
import { type DbOrTx, inTransaction, type Tx } from '../../../db/client.ts';
import type { TUserAccount } from '../../../db/schema/ledger.ts';
import { balancesAfter, post, type TLeg, type TUserBalances } from '../../../ledger/ledger.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { centsOf } from '../../../lib/money.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import { tellClient } from '../../back-office/messages/index.ts';
import { lockOpenClient } from '../../identity/users/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { mustWait, requestApproval, type TActionOutcome, type TFourEyes } from '../approvals/index.ts';
import { insertTransaction } from '../transactions/index.ts';

/**
 * Admin balance actions on the client detail page (docs/money.md: credit, debit, add profit and
 * clear move money between adjustments and the named account, a reason required). Each is ONE DB
 * transaction: the ledger posting, an Adjustment record the client sees in their history (with
 * the reason), an audit entry with the balances before and after, and the client's notice and email. Only an open client account
 * takes them (404 otherwise, as every client action): a closed one cannot sign in to use the money.
 * Above the operator's threshold an action waits for a second staff member instead of running
 * (`fourEyes`; docs/money.md, "Four-eyes approval"): its checks are made now, and again when it runs.
 */

const ACTION: Record<TAdjustmentKind, TAuditAction> = {
  credit: 'balance.credit',
  debit: 'balance.debit',
  profit: 'balance.profit',
  clear: 'balance.clear',
};

const LABEL: Record<TAdjustmentKind, string> = {
  credit: 'Credit',
  debit: 'Debit',
  profit: 'Profit balance credit',
  clear: 'Balances cleared',
};

const NOTICE = {
  credit: 'adjustmentCredit',
  debit: 'adjustmentDebit',
  profit: 'adjustmentProfit',
  clear: 'adjustmentClear',
} as const satisfies Record<TAdjustmentKind, TNoticeKey>;

/** The accounts Clear Balance empties. The withdrawal hold is not the client's to clear: it belongs to pending withdrawals. */
const CLEARED: readonly TUserAccount[] = ['balance', 'trading', 'profit', 'bonus'];

/**
 * Credit (adjustments → balance), Debit (balance → adjustments; never more than the balance) or
 * Add Profit (adjustments → profit) of `amount` dollars on a client.
 */
export async function adjustBalance(
  db: DbOrTx,
  mail: Mailer,
  actorId: string,
  userId: string,
  kind: 'credit' | 'debit' | 'profit',
  input: { amount: number | string; reason: string },
  fourEyes: TFourEyes,
): Promise<TActionOutcome> {
  const amount = centsOf(input.amount);
  return inTransaction(db, async (tx) => {
    const before = await balancesOf(tx, userId);
    if (amount <= 0n) {
      throw AppError.field('amount', 'validation.amountPositive');
    }
    if (kind === 'debit' && amount > before.balance) {
      throw new AppError('INSUFFICIENT_FUNDS', 'errors.insufficientBalance');
    }
    if (mustWait(fourEyes, amount)) {
      await requestApproval(tx, { kind, userId, amount, reason: input.reason, requestedBy: actorId });
      return 'waiting';
    }
    const account: TUserAccount = kind === 'profit' ? 'profit' : 'balance';
    const sign = kind === 'debit' ? -1n : 1n;
    await record(tx, mail, actorId, userId, kind, input.reason, before, amount, [
      { userId, account, amount: sign * amount },
      { account: 'adjustments', amount: -sign * amount },
    ]);
    return 'done';
  });
}

/**
 * Clear Balance: every non-zero balance, trading, profit and bonus of the client goes back to
 * adjustments. Answers false, and records nothing, when there was nothing to clear. Waiting for
 * approval, it is measured by what the balances hold when asked; approved, it clears what they
 * hold then.
 */
export async function clearBalances(
  db: DbOrTx,
  mail: Mailer,
  actorId: string,
  userId: string,
  reason: string,
  fourEyes: TFourEyes,
): Promise<TActionOutcome | false> {
  return inTransaction(db, async (tx) => {
    const before = await balancesOf(tx, userId);
    const legs: TLeg[] = CLEARED.filter((account) => before[account] > 0n).map((account) => ({
      userId,
      account,
      amount: -before[account],
    }));
    const total = legs.reduce((sum, leg) => sum - leg.amount, 0n);
    if (total === 0n) return false;
    if (mustWait(fourEyes, total)) {
      await requestApproval(tx, { kind: 'clear', userId, amount: total, reason, requestedBy: actorId });
      return 'waiting';
    }
    await record(tx, mail, actorId, userId, 'clear', reason, before, total, [
      ...legs,
      { account: 'adjustments', amount: total },
    ]);
    return 'done';
  });
}

/**
 * Locks the client and reads their balances; 404 unless it is an open client account. Checked
 * under the lock, which closing takes too, so an adjustment racing a close lands before it (and
 * the close then finds the money) or finds the account closed.
 */
async function balancesOf(tx: Tx, userId: string): Promise<TUserBalances> {
  const client = await lockOpenClient(tx, userId);
  if (!client) throw notFound();
  return {
    balance: client.balance,
    trading: client.tradingBalance,
    profit: client.profitBalance,
    bonus: client.bonus,
    withdrawal_hold: client.withdrawalHold,
  };
}

/** The Adjustment record, its posting, the audit entry and the client's notice, in the caller's DB transaction. */
async function record(
  tx: Tx,
  mail: Mailer,
  actorId: string,
  userId: string,
  kind: TAdjustmentKind,
  reason: string,
  before: TUserBalances,
  amount: bigint,
  legs: TLeg[],
): Promise<void> {
  const userDelta = legs.reduce((sum, leg) => (leg.userId ? sum + leg.amount : sum), 0n);
  const row = await insertTransaction(tx, {
    userId,
    type: 'Adjustment',
    status: 'Completed',
    amount,
    direction: userDelta < 0n ? 'out' : 'in',
    adjustmentKind: kind,
    reason,
    decidedBy: actorId,
    decidedAt: new Date(),
  });
  const posting = { kind: `adjustment.${kind}`, reason: `${LABEL[kind]}: ${reason}`, actorId, legs };
  await post(tx, { ...posting, ref: { type: 'transaction', id: row.id } }, new Map([[userId, before]]));
  const after = balancesAfter(new Map([[userId, before]]), [posting]).get(userId)?.after ?? before;
  await recordAudit(tx, {
    actorId,
    action: ACTION[kind],
    targetUserId: userId,
    entityType: 'transaction',
    entityId: row.id,
    before: inDollars(before),
    after: inDollars(after),
    reason,
  });
  await tellClient(tx, mail, {
    key: NOTICE[kind],
    params: { amount: fromCents(amount), reason },
    link: NOTICE_LINKS.transaction(row.id),
    receiverId: userId,
    senderId: actorId,
  });
}

/** Balances for the audit trail, in dollars (JSON has no bigint). */
function inDollars(b: TUserBalances) {
  return {
    balance: fromCents(b.balance),
    tradingBalance: fromCents(b.trading),
    profitBalance: fromCents(b.profit),
    bonus: fromCents(b.bonus),
    withdrawalHold: fromCents(b.withdrawal_hold),
  };
}
