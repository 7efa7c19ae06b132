import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { type Column, getTableColumns, getTableName, inArray, is, SQL, sql, type Table } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { AppError } from '../lib/app-error.ts';
import { type Db, type DbOrTx, queryRows, type Tx } from './client.ts';
import { users } from './schema/users.ts';

/**
 * Group commit for money moves (docs/money.md, "Group commit"). Moves that arrive while a batch is
 * being committed wait for the next one, and a batch is ONE database transaction:
 *
 * - the clients its moves name are locked in one statement (in id order), and a client is in at
 *   most one move of a batch: a second move for the same client waits for the next batch;
 * - the moves run one after another, in arrival order, against those locked rows held in memory:
 *   the ledger checks each posting against them and moves them (ledger.ts), so a move that would
 *   overdraw fails alone with its own error, and the others go on;
 * - what a move writes last (its ledger posting, history record, audit entry, notice, mail and
 *   idempotency key with its answer) is deferred: kept in memory and written for the whole batch
 *   at its end, one multi-row statement per kind, before the one commit.
 *
 * Each move therefore sees exactly what it would see alone after the moves before it, and gets
 * the answer it would get alone. Whatever a batch cannot vouch for makes it split: the batch rolls
 * back and each of its moves runs again alone, in order, as its own transaction (`splits` counts
 * them). That happens when the transaction fails as a whole (a lost connection, a deadlock, a
 * constraint), when a move fails after writing directly (there is no savepoint to undo it), when a
 * move reads the database after deferring a write (it could read what is not written yet), or when
 * a deferred write finds its key taken (an idempotency key committed meanwhile).
 */

type TUserRow = typeof users.$inferSelect;

/**
 * A kind of deferred write: the items of every move of a batch, in arrival order, are written by
 * its data-modifying `statements` at the batch's end, all kinds in one statement. A statement given
 * `counted` must return (`returning`) that many rows, or the batch splits with its reason.
 */
export interface TDeferredKind<I> {
  readonly name: string;
  statements(tx: Tx, items: I[]): { statement: SQL; counted?: { expected: number; why: string } }[];
}

/**
 * A read every move of a batch may need before it runs (its idempotency key's stored answer): made
 * once for the whole batch, one statement, right after the lock. `read` answers one result per item,
 * in their order. A move run alone gets none and reads for itself.
 */
export interface TPrefetchKind<I, R> {
  readonly name: string;
  read(tx: Tx, items: I[]): Promise<R[]>;
}

/** Rolls a batch back so that its moves run again one by one (the batch could not vouch for one). */
class SplitBatch extends Error {
  constructor(reason: string) {
    super(`the batch splits: ${reason}`);
  }
}

export interface TGroupCommitOptions {
  /** Most moves in one batch. */
  maxMoves: number;
  /**
   * How long the first move of a batch waits for the moves on their way to join it (`expect`), unless
   * `maxMoves` are waiting; with none on their way it goes at once.
   */
  maxWaitMs: number;
  /**
   * Batches committing at once, each on a connection of its own, with no client in two of them:
   * while one waits for the database, the next gathers and runs. 1 on the embedded database, which
   * runs one transaction at a time anyway.
   */
  maxInFlight: number;
}

export interface TGroupCommitStats {
  batches: number;
  moves: number;
  /** Batches rolled back and run again move by move. */
  splits: number;
  /** The largest batch so far. */
  largest: number;
}

interface TQueued {
  work: (tx: Tx, prefetched?: unknown) => Promise<unknown>;
  prefetch: { kind: TPrefetchKind<unknown, unknown>; item: unknown } | undefined;
  /** The clients the move is about, known from the request: locked up front, one move each per batch. */
  users: readonly string[];
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

type TOutcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** One move inside a running batch. */
class Member {
  /** Issued an insert, update, delete or raw statement itself: its failure cannot be undone alone. */
  dirty = false;
  readonly deferred: { kind: TDeferredKind<unknown>; item: unknown }[] = [];
  /** Undoes what the move changed in the batch's memory (the locked balances), if it fails. */
  readonly undo: (() => void)[] = [];
}

/** The batch the current code runs in, with the move it runs for. */
const running = new AsyncLocalStorage<{ batch: Batch; member: Member }>();

const STATEMENTS = new Set(['insert', 'update', 'delete', 'execute']);
const READS = new Set(['select', 'selectDistinct', 'selectDistinctOn', 'query', '$count', 'with']);

class Batch {
  /** Locked user rows, as the moves so far have left them. */
  readonly locked = new Map<string, TUserRow>();
  /** The watched copies of `tx` handed to the moves. */
  readonly watchedTxs = new WeakSet<object>();
  readonly kinds: TDeferredKind<unknown>[] = [];
  mustSplit = '';

  constructor(readonly tx: Tx) {}

  /** The transaction a move works on: the batch's, watched for what would make the batch split. */
  txFor(member: Member): Tx {
    const batch = this;
    const watched: Tx = new Proxy(this.tx, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof property !== 'string' || typeof value !== 'function') return value;
        if (STATEMENTS.has(property)) member.dirty = true;
        if ((STATEMENTS.has(property) || READS.has(property)) && member.deferred.length > 0) {
          batch.mustSplit ||= `a move used the database after deferring a write (${property})`;
        }
        if (property === 'transaction') {
          // No savepoint: the move's own error fails the move (and splits the batch if it wrote).
          return async (fn: (tx: Tx) => Promise<unknown>) => {
            try {
              return await fn(watched);
            } catch (err) {
              if (member.dirty) batch.mustSplit ||= 'a nested transaction failed after writing';
              throw err;
            }
          };
        }
        return value;
      },
    });
    this.watchedTxs.add(watched);
    return watched;
  }

  /** Whether `db` is this batch's transaction: code given another one writes there, now. */
  owns(db: DbOrTx): boolean {
    return db === this.tx || this.watchedTxs.has(db);
  }

  /** Locks the users not locked yet (one statement, in id order); answers the rows as the batch holds them. */
  async lockUsers(ids: readonly string[]): Promise<Map<string, TUserRow>> {
    const missing = [...new Set(ids)].filter((id) => !this.locked.has(id)).sort();
    if (missing.length > 0) {
      const rows = await this.tx.select().from(users).where(inArray(users.id, missing)).orderBy(users.id).for('update');
      for (const row of rows) this.locked.set(row.id, row);
    }
    return new Map(ids.flatMap((id) => (this.locked.has(id) ? [[id, this.locked.get(id) as TUserRow]] : [])));
  }

  async runMember(
    work: (tx: Tx, prefetched?: unknown) => Promise<unknown>,
    prefetched: unknown,
  ): Promise<{ member: Member; outcome: TOutcome }> {
    const member = new Member();
    try {
      const value = await running.run({ batch: this, member }, () => work(this.txFor(member), prefetched));
      return { member, outcome: { ok: true, value } };
    } catch (error) {
      // A refusal (AppError) before any write of its own fails the move alone; anything else (a
      // database error leaves the transaction aborted, a bug) is not the batch's to vouch for.
      if (member.dirty) this.mustSplit ||= 'a move failed after writing';
      if (!(error instanceof AppError)) this.mustSplit ||= `a move failed: ${String(error)}`;
      for (const undo of member.undo.reverse()) undo();
      member.deferred.length = 0;
      return { member, outcome: { ok: false, error } };
    }
  }

  /** Writes every deferred item, kind by kind in the order they were first deferred. */
  /**
   * Writes every deferred item in ONE statement: each kind's statements become common table
   * expressions of it (PostgreSQL runs them all, and checks foreign keys at the statement's end), and
   * the rows the counted ones return are counted, for their kind to check.
   */
  async flush(members: Member[]): Promise<void> {
    const parts: { statement: SQL; counted?: { expected: number; why: string } }[] = [];
    for (const kind of this.kinds) {
      const items = members.flatMap((m) => m.deferred.filter((d) => d.kind === kind).map((d) => d.item));
      if (items.length > 0) parts.push(...kind.statements(this.tx, items));
    }
    if (parts.length === 0) return;
    const names = parts.map((_, i) => sql.raw(`w${i}`));
    const counted = parts.flatMap((part, i) => (part.counted ? [{ ...part.counted, name: names[i] as SQL }] : []));
    const ctes = sql.join(
      parts.map((part, i) => sql`${names[i]} as (${part.statement})`),
      sql`, `,
    );
    const counts = counted.length
      ? sql.join(
          counted.map((c, i) => sql`(select count(*) from ${c.name})::int as ${sql.raw(`c${i}`)}`),
          sql`, `,
        )
      : sql`1 as done`;
    const [row] = await queryRows<Record<string, number>>(this.tx, sql`with ${ctes} select ${counts}`);
    counted.forEach((c, i) => {
      if (row?.[`c${i}`] !== c.expected) throw new SplitBatch(c.why);
    });
  }
}

/** The batch the current code runs in, if `db` is that batch's transaction (or its watched copy). */
function batchOf(db: DbOrTx): { batch: Batch; member: Member } | undefined {
  const store = running.getStore();
  if (!store || !(db instanceof PgTransaction) || !store.batch.owns(db)) return undefined;
  return store;
}

/**
 * Inside a batch, defers `item` to the batch's end and answers true; outside one (or on another
 * transaction), answers false and the caller writes now.
 */
export function defer<I>(db: DbOrTx, kind: TDeferredKind<I>, item: I): boolean {
  const store = batchOf(db);
  if (!store) return false;
  const { batch, member } = store;
  if (!batch.kinds.includes(kind as TDeferredKind<unknown>)) batch.kinds.push(kind as TDeferredKind<unknown>);
  member.deferred.push({ kind: kind as TDeferredKind<unknown>, item });
  return true;
}

/** Inside a batch, the batch's user lock: `rows` locks (or finds locked) users, `onUndo` registers a revert. */
export function batchUsers(db: DbOrTx):
  | {
      lock(ids: readonly string[]): Promise<Map<string, TUserRow>>;
      onUndo(undo: () => void): void;
    }
  | undefined {
  const store = batchOf(db);
  if (!store) return undefined;
  return { lock: (ids) => store.batch.lockUsers(ids), onUndo: (undo) => store.member.undo.push(undo) };
}

const insertKinds = new WeakMap<Table, TDeferredKind<Record<string, unknown>>>();

/** The deferred kind that inserts rows of `table`: one insert per batch (`unnestInsert`). */
function insertKind(table: Table): TDeferredKind<Record<string, unknown>> {
  let kind = insertKinds.get(table);
  if (!kind) {
    kind = {
      name: `insert into ${getTableName(table)}`,
      statements: (_tx, rows) => [{ statement: unnestInsert(table, rows) }],
    };
    insertKinds.set(table, kind);
  }
  return kind;
}

/**
 * `insert into <table> (<every column>) select * from unnest(<one array per column>)`: rows given in
 * full (`fullRow`), one parameter per column whatever their number. Building a multi-row `values`
 * list instead costs the server a parameter, and drizzle a walk, per value.
 */
export function unnestInsert(table: Table, rows: readonly Record<string, unknown>[]): SQL {
  const columns = Object.entries(getTableColumns(table));
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const arrays = sql.join(
    columns.map(
      ([key, column]) =>
        sql`${sql.param(rows.map((row) => driverText(column, row[key])))}::${sql.raw(column.getSQLType())}[]`,
    ),
    sql`, `,
  );
  return sql`insert into ${table} (${names}) select * from unnest(${arrays})`;
}

/** A value as its column's text form, which PostgreSQL reads back in the array's type. */
function driverText(column: Column, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const driven: unknown = column.mapToDriverValue(value);
  if (driven instanceof Date) return driven.toISOString();
  if (typeof driven === 'object') return JSON.stringify(driven);
  return String(driven);
}

/**
 * `row` with every column of `table`: the value given, or the column's default worked out here (a
 * random uuid, the time now, a constant), or null. A default this cannot work out throws: give it.
 */
export function fullRow<T extends Table>(table: T, row: T['$inferInsert']): T['$inferSelect'] {
  const full: Record<string, unknown> = {};
  const given = row as Record<string, unknown>;
  for (const [name, column] of Object.entries(getTableColumns(table))) {
    if (given[name] !== undefined) full[name] = given[name];
    else if (!column.hasDefault) full[name] = null;
    else if (column.defaultFn) full[name] = column.defaultFn();
    else if (column.default !== undefined && !is(column.default, SQL)) full[name] = column.default;
    // The database's gen_random_uuid() and now(), here: the time is the server's when the move ran.
    else if (column.columnType === 'PgUUID') full[name] = randomUUID();
    else if (column.columnType === 'PgTimestamp') full[name] = new Date();
    else throw new Error(`${getTableName(table)}.${name} has a database default that cannot be deferred: give it`);
  }
  return full as T['$inferSelect'];
}

/** Bind parameters one statement may carry (PostgreSQL's limit is 65,535). */
const MAX_PARAMETERS = 60_000;

/**
 * Inserts rows now, or at the batch's end inside a batch: for rows nothing reads back in the same
 * move. Many rows go in statements of as many as the parameter limit allows (10,000 notices of a
 * margin check are 70,000 values).
 */
export async function insertRows<T extends Table>(db: DbOrTx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  if (batchOf(db)) {
    for (const row of rows) defer(db, insertKind(table), fullRow(table, row) as Record<string, unknown>);
    return;
  }
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(getTableColumns(table)).length));
  for (let i = 0; i < rows.length; i += perStatement)
    await db.insert(table as never).values(rows.slice(i, i + perStatement) as never);
}

/**
 * Inserts one row and answers it as stored: now (`returning`), or inside a batch at its end, the
 * answer then being the row with its defaults worked out here (`fullRow`).
 */
export async function insertRow<T extends Table>(
  db: DbOrTx,
  table: T,
  row: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  if (!batchOf(db)) {
    const [created] = (await db
      .insert(table as never)
      .values(row as never)
      .returning()) as T['$inferSelect'][];
    if (!created) throw new Error('insert returned no row');
    return created;
  }
  const full = fullRow(table, row);
  defer(db, insertKind(table), full as Record<string, unknown>);
  return full;
}

/** Each move's prefetched result (undefined without one): one read per kind for the whole batch. */
async function prefetchFor(tx: Tx, moves: TQueued[]): Promise<unknown[]> {
  const results: unknown[] = moves.map(() => undefined);
  const kinds = new Set(moves.flatMap((m) => (m.prefetch ? [m.prefetch.kind] : [])));
  for (const kind of kinds) {
    const at = moves.flatMap((m, i) => (m.prefetch?.kind === kind ? [i] : []));
    const read = await kind.read(
      tx,
      at.map((i) => moves[i]?.prefetch?.item),
    );
    at.forEach((i, j) => {
      results[i] = read[j];
    });
  }
  return results;
}

/**
 * The group committer of one database: `run(users, work)` runs `work` in the next batch (see the
 * top of this file) and answers what it answers, or throws what it throws.
 */
export class GroupCommit {
  readonly stats: TGroupCommitStats = { batches: 0, moves: 0, splits: 0, largest: 0 };
  private queue: TQueued[] = [];
  private inFlight = 0;
  /** The clients of the batches in flight: their next moves wait for a later batch. */
  private readonly busyUsers = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  /** Requests for moves that have begun and not yet reached `run` (`expect`). */
  private expected = 0;

  constructor(
    private readonly db: Db,
    private readonly options: TGroupCommitOptions,
  ) {}

  /**
   * Announces a request for a move as it begins, before its authentication and validation: a move
   * reaching `run` meanwhile waits (up to `maxWaitMs`) for it to join its batch rather than leaving
   * alone. The answer says it has arrived, just before it calls `run`, or that it ended without.
   */
  expect(): () => void {
    this.expected += 1;
    let arrived = false;
    return () => {
      if (arrived) return;
      arrived = true;
      this.expected -= 1;
      // The last one on its way ended without a move (refused, say): the waiting ones need not wait.
      if (this.expected === 0 && this.queue.length > 0) queueMicrotask(() => this.start());
    };
  }

  /**
   * Runs `work` in the next batch. `prefetch`: an item of a read the batch makes for all its moves at
   * once, whose result `work` gets; alone (a split), `work` gets undefined and reads for itself.
   */
  run<T, I = never, R = never>(
    users: readonly string[],
    work: (tx: Tx, prefetched?: R) => Promise<T>,
    prefetch?: { kind: TPrefetchKind<I, R>; item: I },
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        work: work as TQueued['work'],
        prefetch: prefetch as TQueued['prefetch'],
        users,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      // A move waits only for the moves already on their way (`expect`): with none, waiting would
      // gain no company, so a quiet server adds no latency.
      if (this.expected === 0 || this.queue.length >= this.options.maxMoves) this.start();
      else this.timer ??= setTimeout(() => this.start(), this.options.maxWaitMs);
    });
  }

  /** Starts batches while moves wait and fewer than `maxInFlight` run. */
  private start(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.inFlight < this.options.maxInFlight) {
      const moves = this.take();
      if (moves.length === 0) return;
      const users = moves.flatMap((m) => m.users);
      for (const id of users) this.busyUsers.add(id);
      this.inFlight += 1;
      void this.runBatch(moves).finally(() => {
        this.inFlight -= 1;
        for (const id of users) this.busyUsers.delete(id);
        // The moves that arrived meanwhile go now: they waited for this batch, not for the timer.
        if (this.queue.length > 0) this.start();
      });
    }
  }

  /**
   * The next batch, from the queue in arrival order: up to `maxMoves`, leaving for later a move whose
   * client is in a batch in flight or already in this one.
   */
  private take(): TQueued[] {
    const taken: TQueued[] = [];
    const later: TQueued[] = [];
    const claimed = new Set(this.busyUsers);
    for (const move of this.queue) {
      const clash = move.users.some((id) => claimed.has(id));
      if (clash || taken.length >= this.options.maxMoves) later.push(move);
      else {
        taken.push(move);
        for (const id of move.users) claimed.add(id);
      }
    }
    this.queue = later;
    return taken;
  }

  private async runBatch(moves: TQueued[]): Promise<void> {
    this.stats.batches += 1;
    this.stats.moves += moves.length;
    this.stats.largest = Math.max(this.stats.largest, moves.length);
    let results: { member: Member; outcome: TOutcome }[] | undefined;
    try {
      await this.db.transaction(async (tx) => {
        const batch = new Batch(tx);
        await batch.lockUsers(moves.flatMap((m) => m.users));
        const prefetched = await prefetchFor(tx, moves);
        results = [];
        for (const [i, move] of moves.entries()) results.push(await batch.runMember(move.work, prefetched[i]));
        if (batch.mustSplit) throw new SplitBatch(batch.mustSplit);
        await batch.flush(results.map((r) => r.member));
      });
    } catch {
      results = undefined;
    }
    if (results) {
      moves.forEach((move, i) => {
        const outcome = (results as { outcome: TOutcome }[])[i]?.outcome;
        if (outcome?.ok) move.resolve(outcome.value);
        else move.reject(outcome?.error);
      });
      return;
    }
    // Split: each move again, alone and in order, as its own transaction.
    this.stats.splits += 1;
    for (const move of moves) {
      try {
        move.resolve(await this.db.transaction((tx) => move.work(tx)));
      } catch (err) {
        move.reject(err);
      }
    }
  }
}
