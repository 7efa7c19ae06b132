import { fromCents } from '@meridian/contracts/money';
import { NOTICE_LINKS } from '@meridian/contracts/notice-terms';
import type { Db, Tx } from '../../../db/client.ts';
import { lockBalances, postBatch, type TPosting } from '../../../ledger/ledger.ts';
import { type TClientNotice, tellClients } from '../../back-office/messages/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import {
  claimDuePayouts,
  completePayouts,
  insertPayoutRecords,
  investmentsWithNothingPending,
  lockInvestments,
  markMatured,
  type TClaimedPayout,
  type TLockedInvestment,
} from './payouts.repository.ts';

/**
 * Paying due payouts (docs/money.md, "Investments and payouts"). The automatic job and Process All
 * Trades both call `processDuePayouts`. Each batch is one DB transaction that claims its payouts
 * (`FOR UPDATE SKIP LOCKED`), posts them payouts → profit, marks them Completed and writes the
 * client's Payout records, and returns the principal of every investment left with nothing pending
 * (trading → balance): a payout is marked paid exactly when its money moves, so with any number of
 * processors, and after a crash at any point, each is paid once. The clients are told in the same
 * transaction: one notice (and email) per investment for the payouts of it the batch paid (one,
 * as a rule; several when Process All Trades or a restarted job catches up), and one per investment
 * that matured.
 */

/** Payouts per DB transaction: large enough to share the commit, small enough to hold the clients' rows briefly. */
export const PAYOUT_BATCH_SIZE = 250;

/** Deadlocks cannot arise between payout settlements (one lock order); another flow may still meet one. */
const DEADLOCK_RETRIES = 3;

export interface TProcessOptions {
  /** Where the clients' emails go. */
  mail: Mailer;
  /** Payouts due at or before this are paid; it is also their processed time. */
  now: Date;
  /** The admin who pressed Process All Trades; null for the automatic job. */
  actorId?: string | null;
  /** Stops between two batches (the app is closing). */
  signal?: AbortSignal;
  batchSize?: number;
}

/** Pays every payout due at `now` that no other processor holds; answers how many it settled. */
export async function processDuePayouts(db: Db, options: TProcessOptions): Promise<number> {
  const batchSize = options.batchSize ?? PAYOUT_BATCH_SIZE;
  let total = 0;
  while (!options.signal?.aborted) {
    const settled = await withDeadlockRetry(() =>
      db.transaction((tx) => settleDueBatch(tx, options.mail, options.now, batchSize, options.actorId ?? null)),
    );
    total += settled;
    // Fewer than a batch: nothing else is due that another processor does not already hold.
    if (settled < batchSize) break;
    // Let waiting requests in between two batches: the embedded database runs in this thread, and
    // its queries resolve without ever returning to the event loop.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return total;
}

async function withDeadlockRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= DEADLOCK_RETRIES || !isDeadlock(err)) throw err;
    }
  }
}

function isDeadlock(err: unknown): boolean {
  const code = (e: unknown) => (e as { code?: unknown } | undefined)?.code;
  return code(err) === '40P01' || code((err as { cause?: unknown } | undefined)?.cause) === '40P01';
}

/** One batch, inside its DB transaction. */
async function settleDueBatch(tx: Tx, mail: Mailer, now: Date, limit: number, actorId: string | null): Promise<number> {
  const claimed = await claimDuePayouts(tx, now, limit);
  if (claimed.length === 0) return 0;
  const investments = await lockInvestments(
    tx,
    claimed.map((p) => p.investmentId),
  );
  const balances = await lockBalances(
    tx,
    claimed.map((p) => p.userId),
  );
  await completePayouts(
    tx,
    claimed.map((p) => p.id),
    now,
  );

  const paid = claimed.filter((p) => p.amount > 0n);
  const postings: TPosting[] = paid.map((p) => ({
    kind: 'payout.paid',
    reason: `Payout ${p.sequence} of ${p.count} of ${planOf(investments, p.investmentId).planName}`,
    actorId,
    ref: { type: 'payout', id: p.id },
    legs: [
      { account: 'payouts', amount: -p.amount },
      { userId: p.userId, account: 'profit', amount: p.amount },
    ],
  }));
  const trading = new Map([...balances].map(([userId, b]) => [userId, b.trading]));
  const matured = await maturities(tx, [...investments.values()], trading, actorId);
  await postBatch(tx, [...postings, ...matured.postings]);
  await insertPayoutRecords(
    tx,
    paid.map((p) => {
      const investment = planOf(investments, p.investmentId);
      return { id: p.id, userId: p.userId, amount: p.amount, planId: investment.planId, planName: investment.planName };
    }),
    now,
  );
  await markMatured(tx, matured.ids, now);
  await tellClients(tx, mail, [...paidNotices(paid, investments, actorId), ...maturityNotices(matured, actorId)]);
  return claimed.length;
}

/** One notice per investment for its payouts paid in one batch: their sum, their numbers, the last one's record. */
function paidNotices(
  paid: TClaimedPayout[],
  investments: Map<string, TLockedInvestment>,
  actorId: string | null,
): TClientNotice[] {
  const byInvestment = new Map<string, TClaimedPayout[]>();
  for (const payout of paid)
    byInvestment.set(payout.investmentId, [...(byInvestment.get(payout.investmentId) ?? []), payout]);
  return [...byInvestment].map(([investmentId, payouts]) => {
    const sorted = payouts.toSorted((a, b) => a.sequence - b.sequence);
    const last = sorted.at(-1) as TClaimedPayout;
    return {
      key: 'payoutPaid',
      params: {
        amount: fromCents(sorted.reduce((sum, p) => sum + p.amount, 0n)),
        plan: planOf(investments, investmentId).planName,
        payouts: sequenceText(sorted.map((p) => p.sequence)),
        of: last.count,
      },
      link: NOTICE_LINKS.transaction(last.id),
      receiverId: last.userId,
      senderId: actorId,
    };
  });
}

/** Payout numbers as a notice names them: "3", "3–5" when they follow each other, else "3, 5". */
export function sequenceText(sequences: readonly number[]): string {
  const first = sequences[0];
  const last = sequences.at(-1);
  if (first === undefined || last === undefined || first === last) return String(first ?? '');
  const consecutive = sequences.every((n, i) => n === first + i);
  return consecutive ? `${first}–${last}` : sequences.join(', ');
}

/** The notice of each investment that matured: its principal and what of it returned to the balance. */
export function maturityNotices(matured: TMaturities, actorId: string | null): TClientNotice[] {
  return matured.returns.map(({ investment, returned }) => ({
    key: 'investmentMatured',
    params: { amount: fromCents(investment.principal), plan: investment.planName, returned: fromCents(returned) },
    link: NOTICE_LINKS.transaction(investment.id),
    receiverId: investment.userId,
    senderId: actorId,
  }));
}

function planOf(investments: Map<string, TLockedInvestment>, id: string): TLockedInvestment {
  const investment = investments.get(id);
  if (!investment) throw new Error(`payout of a missing investment ${id}`);
  return investment;
}

/**
 * Of investments whose payouts this transaction settled (and which it holds locked), those with no
 * Pending payout left mature: their principal returns trading → balance. The caller has locked the
 * clients and passes their trading balances. An admin's Clear Balance may have taken the trading
 * account since the investment was funded: then only what is left there returns (nothing is created).
 */
export interface TMaturities {
  ids: string[];
  postings: TPosting[];
  /** Each matured investment and what returned to its client's balance. */
  returns: { investment: TLockedInvestment; returned: bigint }[];
}

export async function maturities(
  tx: Tx,
  investments: TLockedInvestment[],
  trading: Map<string, bigint>,
  actorId: string | null,
): Promise<TMaturities> {
  const candidates = investments.filter((i) => i.maturedAt === null);
  const done = new Set(
    await investmentsWithNothingPending(
      tx,
      candidates.map((i) => i.id),
    ),
  );
  const ids: string[] = [];
  const postings: TPosting[] = [];
  const returns: TMaturities['returns'] = [];
  for (const investment of candidates) {
    if (!done.has(investment.id)) continue;
    ids.push(investment.id);
    const available = trading.get(investment.userId) ?? 0n;
    const amount = investment.principal < available ? investment.principal : available;
    trading.set(investment.userId, available - amount);
    returns.push({ investment, returned: amount });
    if (amount === 0n) continue;
    postings.push({
      kind: 'investment.matured',
      reason: `${investment.planName} investment matured: principal returned`,
      actorId,
      ref: { type: 'transaction', id: investment.id },
      legs: [
        { userId: investment.userId, account: 'trading', amount: -amount },
        { userId: investment.userId, account: 'balance', amount },
      ],
    });
  }
  return { ids, postings, returns };
}
