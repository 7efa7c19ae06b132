import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { spentSecondFactorChallenges } from '../../../db/schema/security.ts';

/** Whether a second-factor challenge already opened a session. */
export async function isChallengeSpent(db: DbOrTx, challengeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: spentSecondFactorChallenges.id })
    .from(spentSecondFactorChallenges)
    .where(eq(spentSecondFactorChallenges.id, challengeId))
    .limit(1);
  return row !== undefined;
}

/**
 * Records a challenge as spent; false when it already was. Its primary key decides between two
 * transactions spending the same challenge at once: the second waits for the first and finds the
 * row. The user's rows of challenges past their expiry are dropped on the way, as nothing can
 * present them any more (only the user's: the caller holds their row lock, so two deletes never
 * wait on each other).
 */
export async function spendChallenge(
  db: DbOrTx,
  challenge: { id: string; userId: string; expiresAt: Date },
): Promise<boolean> {
  await db
    .delete(spentSecondFactorChallenges)
    .where(
      and(
        eq(spentSecondFactorChallenges.userId, challenge.userId),
        lt(spentSecondFactorChallenges.expiresAt, sql`now()`),
      ),
    );
  const rows = await db
    .insert(spentSecondFactorChallenges)
    .values(challenge)
    .onConflictDoNothing({ target: spentSecondFactorChallenges.id })
    .returning({ id: spentSecondFactorChallenges.id });
  return rows.length === 1;
}
