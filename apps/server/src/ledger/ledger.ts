import { randomUUID } from 'node:crypto';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { batchUsers, defer, type TDeferredKind } from '../db/group-commit.ts';
import { ledgerEntries, ledgerTransactions, type TPlatformAccount, type TUserAccount } from '../db/schema/ledger.ts';
import { users } from '../db/schema/users.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * The only code that changes a balance. Every change is one double-entry transaction in integer
 * cents: its legs sum to zero, the users involved are locked (in id order, so concurrent posts
 * cannot deadlock), the entries are written and the cached balance columns move in the same DB
 * transaction. A leg that would take an account below zero refuses the whole transaction.
 *
 * Inside a group-commit batch (db/group-commit.ts, docs/money.md "Group commit") the same rules
 * hold against the batch's locked rows in memory: a posting is checked and applied there at once,
 * and written with every other posting of the batch in one statement at its end.
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
  const batch = batchUsers(tx);
  if (batch) {
    const rows = await batch.lock(ids);
    return new Map([...rows].map(([id, row]) => [id, balancesOfRow(row)]));
  }
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

/** The columns of a user row that each account is kept in. */
const COLUMN = {
  balance: 'balance',
  trading: 'tradingBalance',
  profit: 'profitBalance',
  bonus: 'bonus',
  withdrawal_hold: 'withdrawalHold',
} as const satisfies Record<TUserAccount, keyof typeof users.$inferSelect>;

function balancesOfRow(row: typeof users.$inferSelect): TUserBalances {
  return {
    balance: row.balance,
    trading: row.tradingBalance,
    profit: row.profitBalance,
    bonus: row.bonus,
    withdrawal_hold: row.withdrawalHold,
  };
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

/** Refuses (422) when any account of `deltas` would end below zero from the given (locked) balances. */
function check(deltas: TDeltas, balances: Map<string, TUserBalances>): void {
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
  const written: TWrittenPosting[] = postings.map((posting) => {
    const legs = checkedLegs(posting);
    addDeltas(deltas, legs);
    return { ...posting, id: randomUUID(), legs };
  });
  const batch = batchUsers(tx);
  if (batch) {
    // In a batch: checked against the locked rows in memory and applied there, written at its end.
    const rows = await batch.lock([...deltas.keys()]);
    check(
      deltas,
      new Map(
        [...deltas.keys()].flatMap((id) =>
          rows.has(id) ? [[id, balancesOfRow(rows.get(id) as typeof users.$inferSelect)]] : [],
        ),
      ),
    );
    for (const [userId, change] of deltas) {
      const row = rows.get(userId) as typeof users.$inferSelect;
      for (const [account, delta] of Object.entries(change) as [TUserAccount, bigint][]) row[COLUMN[account]] += delta;
      batch.onUndo(() => {
        for (const [account, delta] of Object.entries(change) as [TUserAccount, bigint][])
          row[COLUMN[account]] -= delta;
      });
    }
    for (const posting of written) defer(tx, POSTINGS, posting);
    return written.map((p) => p.id);
  }
  check(
    deltas,
    locked !== undefined && [...deltas.keys()].every((id) => locked.has(id))
      ? locked
      : await lockBalances(tx, [...deltas.keys()]),
  );
  await writePostings(tx, written);
  return written.map((p) => p.id);
}

/** A checked posting with its id, as it is written. */
interface TWrittenPosting extends TPosting {
  id: string;
}

/** The ledger's deferred writes in a batch: every posting of the batch in the batch's one statement. */
const POSTINGS: TDeferredKind<TWrittenPosting> = {
  name: 'ledger postings',
  statements: (_tx, postings) => {
    tellPosted(postings);
    return postingStatements(postings);
  },
};

/**
 * Writes checked postings (the users are locked) in ONE statement, a single round trip whatever
 * the batch holds.
 */
async function writePostings(tx: Tx, postings: TWrittenPosting[]): Promise<void> {
  const [transactionsOf, entriesOf, balancesOf] = postingStatements(postings).map((p) => p.statement);
  await tx.execute(sql`with posted as (${transactionsOf}), entries as (${entriesOf}) ${balancesOf}`);
  tellPosted(postings);
}

/**
 * The statements that write checked postings: the transactions, their entries, and each user's
 * balance columns moved once by the sum of their legs. Arrays go as single parameters (unnest), so
 * their size does not grow with the batch. They run as one statement, where the entries' foreign key
 * to their transaction is checked at its end.
 */
function postingStatements(postings: TWrittenPosting[]): { statement: SQL }[] {
  const deltas: TDeltas = new Map();
  const entries = { id: [] as string[], transactionId: [] as string[], userId: [] as (string | null)[] };
  const entryAccounts: string[] = [];
  const entryAmounts: string[] = [];
  for (const posting of postings) {
    addDeltas(deltas, posting.legs);
    for (const leg of posting.legs) {
      entries.id.push(randomUUID());
      entries.transactionId.push(posting.id);
      entries.userId.push(leg.userId ?? null);
      entryAccounts.push(leg.account);
      entryAmounts.push(leg.amount.toString());
    }
  }
  const userIds = [...deltas.keys()].sort();
  const change = (account: TUserAccount) =>
    sql.param(userIds.map((id) => (deltas.get(id)?.[account] ?? 0n).toString()));
  return [
    {
      statement: sql`
        insert into ${ledgerTransactions} (id, kind, reason, actor_id, ref_type, ref_id)
        select * from unnest(
          ${sql.param(postings.map((p) => p.id))}::uuid[], ${sql.param(postings.map((p) => p.kind))}::text[],
          ${sql.param(postings.map((p) => p.reason))}::text[], ${sql.param(postings.map((p) => p.actorId))}::uuid[],
          ${sql.param(postings.map((p) => p.ref?.type ?? null))}::text[],
          ${sql.param(postings.map((p) => p.ref?.id ?? null))}::uuid[])`,
    },
    {
      statement: sql`
        insert into ${ledgerEntries} (id, transaction_id, user_id, account, amount)
        select * from unnest(
          ${sql.param(entries.id)}::uuid[], ${sql.param(entries.transactionId)}::uuid[],
          ${sql.param(entries.userId)}::uuid[], ${sql.param(entryAccounts)}::text[], ${sql.param(entryAmounts)}::bigint[])`,
    },
    {
      statement: sql`
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
        where u.id = d.id`,
    },
  ];
}

/** Tells the listeners (`onPosted`) of postings being written. */
function tellPosted(postings: readonly TPosting[]): void {
  for (const listener of postedListeners) {
    try {
      listener(postings);
    } catch {
      // Not the ledger's concern (see onPosted).
    }
  }
}
