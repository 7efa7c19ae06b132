import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { loginFailures } from '../../../db/schema/sessions.ts';

/** Until when an email with no account is locked, if it is. */
export async function findUnknownEmailLock(db: DbOrTx, emailHash: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(and(eq(loginFailures.emailHash, emailHash), gt(loginFailures.lockedUntil, sql`now()`)))
    .limit(1);
  return row?.lockedUntil ?? null;
}

/**
 * Counts a failed sign-in for an email with no account, with the same rule as an account's
 * (`recordFailedLogin`): the count restarts after a lock has run out, and the `maxAttempts`-th failure
 * locks for `lockMs`. Rows idle for a day go at the same time.
 */
export async function recordUnknownEmailFailure(
  db: DbOrTx,
  emailHash: string,
  maxAttempts: number,
  lockMs: number,
): Promise<{ failedLogins: number; lockedUntil: Date | null }> {
  await db.delete(loginFailures).where(lt(loginFailures.updatedAt, sql`now() - interval '1 day'`));
  const current = sql`(case when ${loginFailures.lockedUntil} <= now() then 0 else ${loginFailures.failedLogins} end)`;
  const lockAfter = sql`now() + make_interval(secs => ${lockMs / 1000})`;
  const [row] = await db
    .insert(loginFailures)
    .values({
      emailHash,
      failedLogins: 1,
      lockedUntil: maxAttempts <= 1 ? lockAfter : null,
    })
    .onConflictDoUpdate({
      target: loginFailures.emailHash,
      set: {
        failedLogins: sql`${current} + 1`,
        lockedUntil: sql`case when ${current} + 1 >= ${maxAttempts} then ${lockAfter} else null end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ failedLogins: loginFailures.failedLogins, lockedUntil: loginFailures.lockedUntil });
  if (!row) throw new Error('upsert returned no row');
  return row;
}
