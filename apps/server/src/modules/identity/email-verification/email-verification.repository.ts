import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { emailVerificationTokens, type TEmailVerificationTokenRow } from '../../../db/schema/email-verification.ts';

/** Deletes the user's links not yet used: a new link (or a changed address) retires them. */
export async function deleteUnusedTokens(tx: Tx, userId: string): Promise<void> {
  await tx
    .delete(emailVerificationTokens)
    .where(and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt)));
}

/** Every link of the user, used or not (closing the account erases them with the address they name). */
export async function deleteAllTokens(tx: Tx, userId: string): Promise<void> {
  await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
}

export async function insertToken(
  tx: Tx,
  values: { userId: string; email: string; tokenHash: string; ttlHours: number },
): Promise<void> {
  await tx.insert(emailVerificationTokens).values({
    userId: values.userId,
    email: values.email,
    tokenHash: values.tokenHash,
    expiresAt: sql`now() + make_interval(hours => ${values.ttlHours})`,
  });
}

/** Seconds since the user's newest link was made (by the database's clock); null when there is none. */
export async function secondsSinceNewestToken(tx: Tx, userId: string): Promise<number | null> {
  const [row] = await tx
    .select({ age: sql<string>`extract(epoch from (now() - ${emailVerificationTokens.createdAt}))::text` })
    .from(emailVerificationTokens)
    .where(eq(emailVerificationTokens.userId, userId))
    .orderBy(desc(emailVerificationTokens.createdAt))
    .limit(1);
  return row ? Number(row.age) : null;
}

/** A link by its hash, locked for the rest of the transaction, with whether it has expired (database clock). */
export async function lockToken(
  tx: Tx,
  tokenHash: string,
): Promise<(TEmailVerificationTokenRow & { expired: boolean }) | undefined> {
  const [row] = await tx
    .select({ token: emailVerificationTokens, expired: sql<boolean>`${emailVerificationTokens.expiresAt} <= now()` })
    .from(emailVerificationTokens)
    .where(eq(emailVerificationTokens.tokenHash, tokenHash))
    .for('update');
  return row ? { ...row.token, expired: row.expired } : undefined;
}

export async function markTokenUsed(tx: Tx, id: string): Promise<void> {
  await tx.update(emailVerificationTokens).set({ usedAt: sql`now()` }).where(eq(emailVerificationTokens.id, id));
}
