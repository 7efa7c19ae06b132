import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../src/db/client.ts';

/**
 * The ledger's record of one thing (a position, a signal trade): the postings that refer to it and
 * what they put on an account, read straight from the ledger tables.
 */

/** The `kind` postings that refer to `refId`: something settled twice would have 2. */
export async function postingsOf(app: FastifyInstance, refId: string, kind: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    app.db,
    sql`select count(*)::int as n from ledger_transactions where kind = ${kind} and ref_id = ${refId}`,
  );
  return Number(row?.n ?? 0);
}

/** The entries on one account of the postings that refer to `refId`, summed (cents). */
export async function entriesOf(app: FastifyInstance, refId: string, account: string): Promise<bigint> {
  const [row] = await queryRows<{ total: string }>(
    app.db,
    sql`select coalesce(sum(e.amount), 0)::text as total
        from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where t.ref_id = ${refId} and e.account = ${account}`,
  );
  return BigInt(row?.total ?? '0');
}
