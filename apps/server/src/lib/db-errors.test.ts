import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './db-errors.ts';

/** A driver error as node-postgres reports a server's error: a message and its SQLSTATE. */
const sqlError = (code: string) => Object.assign(new Error(`error ${code}`), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a database out of reach, also inside the wrapper drizzle puts around driver errors', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (const err of [
      refused,
      new DrizzleQueryError('select 1', [], refused),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      sqlError('57P01'),
      sqlError('57P03'),
      sqlError('08006'),
      sqlError('53300'),
      new AggregateError([refused], 'all addresses refused'),
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    }
  });

  it('leaves a statement that failed on its own, and anything else, to the 500 path', () => {
    for (const err of [
      sqlError('23505'),
      sqlError('40001'),
      sqlError('42P01'),
      new DrizzleQueryError('insert', [], sqlError('23503')),
      new Error('boom'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      undefined,
      null,
      'ECONNREFUSED',
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
    }
  });

  it('recognises what a real node-postgres client reports when nothing listens', async () => {
    // A port nothing listens on: bind one, note it, close it.
    const { createServer } = await import('node:net');
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const pool = new pg.Pool({ connectionString: `postgres://nobody@127.0.0.1:${port}/none`, max: 1 });
    const err = await pool.query('select 1').catch((e: unknown) => e);
    await pool.end();
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isUniqueViolation(err)).toBeUndefined();
  });
});
