import { AsyncLocalStorage } from 'node:async_hooks';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client.ts';

/**
 * What changed for whom in one database transaction, told to the database's listeners once it has
 * committed (docs/architecture.md, "Live account updates"): never before, so a listener never
 * sees work that later rolls back, and not at all when the transaction rolls back.
 */
export type TCommittedChanges = ReadonlyMap<string, ReadonlySet<string>>;
export type TCommitListener = (changes: TCommittedChanges) => void;

interface TPending {
  db: Db;
  /** User id → topics changed. */
  changes: Map<string, Set<string>>;
  /** Work that waits for the commit (`afterCommit`). */
  afterCommit: (() => void)[];
}

/** The changes of the top-level transaction the current code runs in (savepoints share their parent's). */
const current = new AsyncLocalStorage<TPending>();
const listenersOf = new WeakMap<Db, Set<TCommitListener>>();
const tracked = new WeakSet<Db>();

/**
 * Makes `db` collect, for each of its transactions, the changes noted with `noteChange`, and tell
 * them to its listeners after the transaction commits. Each `db.transaction` runs in a context of
 * its own (AsyncLocalStorage): savepoints opened inside it add to it, a separate transaction opened
 * meanwhile has its own. Idempotent.
 */
export function trackCommits(db: Db): void {
  if (tracked.has(db)) return;
  tracked.add(db);
  const transaction = db.transaction.bind(db);
  const wrapped: typeof db.transaction = (fn, config) => {
    const pending: TPending = { db, changes: new Map(), afterCommit: [] };
    return current.run(pending, async () => {
      const result = await transaction(fn, config);
      if (pending.changes.size > 0) tell(db, pending.changes);
      for (const work of pending.afterCommit) runSafely(work);
      return result;
    });
  };
  db.transaction = wrapped;
}

/** Listens to the committed changes of `db`'s transactions (and of its single statements); answers the stop. */
export function onCommitted(db: Db, listener: TCommitListener): () => void {
  let listeners = listenersOf.get(db);
  if (!listeners) {
    listeners = new Set();
    listenersOf.set(db, listeners);
  }
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Notes that `topics` of `userId` changed. Inside a transaction of a tracked database the note waits
 * for its commit; given a database outside any transaction (its statement has committed already),
 * it is told at once. Without either (a posting on an untracked database) it is dropped.
 */
export function noteChange(db: DbOrTx | undefined, userId: string, topics: readonly string[]): void {
  if (db !== undefined && !(db instanceof PgTransaction)) {
    tell(db, new Map([[userId, new Set(topics)]]));
    return;
  }
  const pending = current.getStore();
  if (!pending) return;
  let forUser = pending.changes.get(userId);
  if (!forUser) {
    forUser = new Set();
    pending.changes.set(userId, forUser);
  }
  for (const topic of topics) forUser.add(topic);
}

/**
 * Runs `work` once the transaction the current code runs in has committed (not at all if it rolls
 * back), or now outside one: for what must not see work that may yet be undone, such as the
 * stop-out monitor tracking a position opened in a group-commit batch or an idempotent request.
 */
export function afterCommit(work: () => void): void {
  const pending = current.getStore();
  if (pending) pending.afterCommit.push(work);
  else work();
}

function runSafely(work: () => void) {
  try {
    work();
  } catch {
    // Like telling: it can never undo or fail the work that committed.
  }
}

function tell(db: Db, changes: TCommittedChanges) {
  const listeners = listenersOf.get(db);
  if (!listeners) return;
  for (const listener of listeners) {
    try {
      listener(changes);
    } catch {
      // Telling can never undo or fail the work that committed.
    }
  }
}
