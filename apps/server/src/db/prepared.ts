import type { Db } from './client.ts';

/**
 * Statements of the hot read paths (every signed-in request, the balance, the history), built once
 * per database and run as named prepared statements: the query builder's work (a few dozen to a
 * hundred-odd microseconds for a wide table) and PostgreSQL's parse and plan happen once per
 * connection instead of once per request (docs/architecture.md, "Hot paths").
 *
 * A prepared statement runs on the database's pool, never inside a transaction: a repository
 * function that uses one takes `Db`, not `DbOrTx`.
 */
const statements = new WeakMap<Db, Map<(db: Db) => unknown, unknown>>();

export function prepared<T>(db: Db, build: (db: Db) => T): T {
  let built = statements.get(db);
  if (!built) {
    built = new Map();
    statements.set(db, built);
  }
  let statement = built.get(build) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    built.set(build, statement);
  }
  return statement;
}
