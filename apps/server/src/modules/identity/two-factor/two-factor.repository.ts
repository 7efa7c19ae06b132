import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { recoveryCodes, twoFactor } from '../../../db/schema/security.ts';
import { sessionFamilies } from '../../../db/schema/sessions.ts';

export type TTwoFactorRow = typeof twoFactor.$inferSelect;

export async function findTwoFactor(db: DbOrTx, userId: string): Promise<TTwoFactorRow | undefined> {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return row;
}

export async function hasEnabledTwoFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)))
    .limit(1);
  return row !== undefined;
}

/** A new secret waiting for its first code; replaces one that never got it. */
export async function savePendingSecret(db: DbOrTx, userId: string, secret: string): Promise<void> {
  await db
    .insert(twoFactor)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secret, enabledAt: null, lastUsedStep: null, createdAt: sql`now()` },
      where: isNull(twoFactor.enabledAt),
    });
}

export async function enableTwoFactor(db: DbOrTx, userId: string, step: number): Promise<void> {
  await db.update(twoFactor).set({ enabledAt: sql`now()`, lastUsedStep: step }).where(eq(twoFactor.userId, userId));
}

/** Records the step of an accepted code; false when that step (or a later one) was already used. */
export async function useStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactor.userId, userId),
        sql`(${twoFactor.lastUsedStep} is null or ${twoFactor.lastUsedStep} < ${step})`,
      ),
    )
    .returning({ userId: twoFactor.userId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: readonly string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends a recovery code; false when it is unknown or already used. */
export async function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Removes the second factor and its recovery codes. */
export async function deleteTwoFactor(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
}

/** A session that has now passed the second factor (an admin enrolling during it). */
export async function markSessionSecondFactor(db: DbOrTx, familyId: string, factor: 'totp'): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ secondFactor: factor })
    .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.secondFactor)));
}
