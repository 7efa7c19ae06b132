import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { ledgerEntries, ledgerTransactions, type TPlatformAccount, type TUserAccount } from '../db/schema/ledger.ts';
import { users } from '../db/schema/users.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * The only code that changes a balance. Every change is one double-entry transaction in integer
 * cents: its legs sum to zero, the users involved are locked (in id order, so concurrent posts
 * cannot deadlock), the entries are written and the cached balance columns move in the same DB
 * transaction. A leg that would take an account below zero refuses the whole transaction.
 */

export type TLeg =
  | { userId: string; account: TUserAccount; amount: bigint }
  | { userId?: undefined; account: TPlatformAccount; amount: bigint };

export interface TPosting {
  /** What happened, e.g. `deposit.completed`, `withdrawal.hold`, `adjustment.credit`. */
  kind: string;
  /** Why, in words a person reads in the audit trail. */
  reason: string;
  /** The user (client or admin) who caused it; null for the system itself. */
  actorId: string | null;
  ref?: { type: string; id: string };
  legs: TLeg[];
}

export type TUserBalances = Record<TUserAccount, bigint>;

/** Told of the postings of every `postBatch` once they are written, inside their DB transaction. */
export type TPostedListener = (postings: readonly TPosting[]) => void;

const postedListeners = new Set<TPostedListener>();

/**
 * Listens to every posting of this process (the metrics count them by kind); answers the function
 * that stops listening. A listener is told before the transaction commits, so a posting whose
 * transaction later rolls back was still told; it must be quick, and if it throws the error is
 * ignored: listening can never change or undo a posting.
 */
export function onPosted(listener: TPostedListener): () => void {
  postedListeners.add(listener);
  return () => void postedListeners.delete(listener);
}

/**
 * Locks the given users for the rest of the transaction and returns their balances. Callers that
 * decide amounts from balances (a withdrawal splitting profit and balance) lock first, then post.
 */
export async function lockBalances(tx: Tx, userIds: string[]): Promise<Map<string, TUserBalances>> {
  const ids = [...new Set(userIds)].sort();
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: users.id,
      balance: users.balance,
      trading: users.tradingBalance,
      profit: users.profitBalance,
      bonus: users.bonus,
      withdrawal_hold: users.withdrawalHold,
    })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.id)
    .for('update');
  return new Map(rows.map(({ id, ...balances }) => [id, balances]));
}

/**
 * The balances of locked users before and after `postings`, worked out from the legs (the rows are
 * locked, so nothing else moves them): what the audit trail records without reading them again.
 */
export function balancesAfter(
  locked: Map<string, TUserBalances>,
  postings: TPosting[],
): Map<string, { before: TUserBalances; after: TUserBalances }> {
  const result = new Map([...locked].map(([userId, before]) => [userId, { before, after: { ...before } }]));
  for (const leg of postings.flatMap((p) => p.legs)) {
    const entry = leg.userId ? result.get(leg.userId) : undefined;
    if (entry && leg.userId) entry.after[leg.account] += leg.amount;
  }
  return result;
}

/** The non-zero legs of a posting, checked: at least two, summing to zero. */
function checkedLegs(posting: TPosting): TLeg[] {
  const legs = posting.legs.filter((leg) => leg.amount !== 0n);
  if (legs.length < 2) throw new Error(`ledger: ${posting.kind} needs at least two non-zero legs`);
  const sum = legs.reduce((total, leg) => total + leg.amount, 0n);
  if (sum !== 0n) throw new Error(`ledger: ${posting.kind} legs sum to ${sum}, not 0`);
  return legs;
}

type TDeltas = Map<string, Partial<Record<TUserAccount, bigint>>>;

/** Adds the user legs of `legs` to each user's change per account. */
function addDeltas(deltas: TDeltas, legs: TLeg[]): void {
  for (const leg of legs) {
    if (!leg.userId) continue;
    const forUser = deltas.get(leg.userId) ?? {};
    forUser[leg.account] = (forUser[leg.account] ?? 0n) + leg.amount;
    deltas.set(leg.userId, forUser);
  }
}

/**
 * Locks the users of `deltas` (in id order) and refuses when any account would end below zero.
 * Balances the caller already locked in this transaction (`locked`) are checked as they are.
 */
async function lockAndCheck(tx: Tx, deltas: TDeltas, locked?: Map<string, TUserBalances>): Promise<void> {
  const covered = locked !== undefined && [...deltas.keys()].every((userId) => locked.has(userId));
  const balances = covered ? locked : await lockBalances(tx, [...deltas.keys()]);
  for (const [userId, change] of deltas) {
    const current = balances.get(userId);
    if (!current) throw new Error(`ledger: user ${userId} not found`);
    for (const [account, delta] of Object.entries(change) as [TUserAccount, bigint][]) {
      if (current[account] + delta < 0n) {
        throw new AppError('INSUFFICIENT_FUNDS', 'errors.insufficientBalance');
      }
    }
  }
}

/**
 * Posts one balanced transaction; returns its id. Must run inside the caller's DB transaction. Two
 * statements: the lock and check, then the transaction, its entries and the balance columns at once;
 * one when the caller passes the balances it locked (`lockBalances`) in this transaction.
 */
export async function post(tx: Tx, posting: TPosting, locked?: Map<string, TUserBalances>): Promise<string> {
  const [id] = await postBatch(tx, [posting], locked);
  if (!id) throw new Error('ledger: the posting has no id');
  return id;
}

/**
 * Posts many balanced transactions at once, for work that settles rows in bulk (the payout runner):
 * the same rules as `post` for each of them, and the same two statements for the whole batch. Every user involved is locked once, in id order; each user's balance columns
 * move once by the sum of their legs, and a batch that would leave any account below zero is
 * refused whole (422), like a single posting. Returns the transaction ids in the order given.
 * Must run inside the caller's DB transaction.
 */
export async function postBatch(
  tx: Tx,
  postings: TPosting[],
  /** Balances the caller locked in this transaction: checked against, not locked again. */
  locked?: Map<string, TUserBalances>,
): Promise<string[]> {
  if (postings.length === 0) return [];
  const deltas: TDeltas = new Map();
  const ids: string[] = [];
  const entries = { id: [] as string[], transactionId: [] as string[], userId: [] as (string | null)[] };
  const entryAccounts: string[] = [];
  const entryAmounts: string[] = [];
  for (const posting of postings) {
    const legs = checkedLegs(posting);
    addDeltas(deltas, legs);
    const id = randomUUID();
    ids.push(id);
    for (const leg of legs) {
      entries.id.push(randomUUID());
      entries.transactionId.push(id);
      entries.userId.push(leg.userId ?? null);
      entryAccounts.push(leg.account);
      entryAmounts.push(leg.amount.toString());
    }
  }
  await lockAndCheck(tx, deltas, locked);

  // One statement for the transactions, their entries and the balance columns (a single round trip
  // whatever the batch holds); arrays go as single parameters (unnest), so its size does not grow
  // with the batch. The entries' foreign key to their transaction is checked at the statement's end.
  const userIds = [...deltas.keys()].sort();
  const change = (account: TUserAccount) =>
    sql.param(userIds.map((id) => (deltas.get(id)?.[account] ?? 0n).toString()));
  await tx.execute(sql`
    with posted as (
      insert into ${ledgerTransactions} (id, kind, reason, actor_id, ref_type, ref_id)
      select * from unnest(
        ${sql.param(ids)}::uuid[], ${sql.param(postings.map((p) => p.kind))}::text[],
        ${sql.param(postings.map((p) => p.reason))}::text[], ${sql.param(postings.map((p) => p.actorId))}::uuid[],
        ${sql.param(postings.map((p) => p.ref?.type ?? null))}::text[],
        ${sql.param(postings.map((p) => p.ref?.id ?? null))}::uuid[])
    ), entries as (
      insert into ${ledgerEntries} (id, transaction_id, user_id, account, amount)
      select * from unnest(
        ${sql.param(entries.id)}::uuid[], ${sql.param(entries.transactionId)}::uuid[],
        ${sql.param(entries.userId)}::uuid[], ${sql.param(entryAccounts)}::text[], ${sql.param(entryAmounts)}::bigint[])
    )
    update ${users} u set
      balance = u.balance + d.balance,
      trading_balance = u.trading_balance + d.trading,
      profit_balance = u.profit_balance + d.profit,
      bonus = u.bonus + d.bonus,
      withdrawal_hold = u.withdrawal_hold + d.withdrawal_hold,
      updated_at = now()
    from unnest(${sql.param(userIds)}::uuid[], ${change('balance')}::bigint[], ${change('trading')}::bigint[],
                ${change('profit')}::bigint[], ${change('bonus')}::bigint[], ${change('withdrawal_hold')}::bigint[])
      as d(id, balance, trading, profit, bonus, withdrawal_hold)
    where u.id = d.id`);
  for (const listener of postedListeners) {
    try {
      listener(postings);
    } catch {
      // Not the ledger's concern (see onPosted).
    }
  }
  return ids;
}
