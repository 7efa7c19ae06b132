import type { TUnlockKind } from '@meridian/contracts/recovery';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import {
  passwordResetTokens,
  type TPasswordResetTokenRow,
  type TUnlockRequestRow,
  unlockRequests,
} from '../../../db/schema/recovery.ts';
import { type TUserRow, users } from '../../../db/schema/users.ts';

/** Pending lists are short (one per person); the cap keeps a flood bounded. */
export const PENDING_LIST_LIMIT = 500;

/** Locks the user row, so two requests of one person at once are made one after the other. */
export async function lockUser(tx: Tx, userId: string): Promise<TUserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function findPendingOfUser(tx: Tx, userId: string): Promise<TUnlockRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(unlockRequests)
    .where(and(eq(unlockRequests.userId, userId), eq(unlockRequests.status, 'pending')))
    .for('update');
  return row;
}

export async function insertUnlockRequest(
  db: DbOrTx,
  values: { userId: string; kind: TUnlockKind; imageKey: string },
): Promise<TUnlockRequestRow> {
  const [row] = await db.insert(unlockRequests).values(values).returning();
  if (!row) throw new Error('unlock request insert returned nothing');
  return row;
}

/** A second request while one is pending: the newer photo and kind replace the older ones. */
export async function replacePendingImage(
  tx: Tx,
  id: string,
  values: { kind: TUnlockKind; imageKey: string },
): Promise<void> {
  await tx.update(unlockRequests).set(values).where(eq(unlockRequests.id, id));
}

export interface TPendingRequest {
  request: TUnlockRequestRow;
  user: { id: string; firstname: string; lastname: string; email: string };
}

/** Pending requests, oldest first, with who asked (served by the status/created_at index). */
export async function listPending(db: DbOrTx): Promise<TPendingRequest[]> {
  return db
    .select({
      request: unlockRequests,
      user: { id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email },
    })
    .from(unlockRequests)
    .innerJoin(users, eq(users.id, unlockRequests.userId))
    .where(eq(unlockRequests.status, 'pending'))
    .orderBy(asc(unlockRequests.createdAt), asc(unlockRequests.id))
    .limit(PENDING_LIST_LIMIT);
}

export async function findRequest(db: DbOrTx, id: string): Promise<TUnlockRequestRow | undefined> {
  const [row] = await db.select().from(unlockRequests).where(eq(unlockRequests.id, id));
  return row;
}

export async function lockRequest(tx: Tx, id: string): Promise<TUnlockRequestRow | undefined> {
  const [row] = await tx.select().from(unlockRequests).where(eq(unlockRequests.id, id)).for('update');
  return row;
}

export async function markApproved(
  tx: Tx,
  id: string,
  values: { adminId: string; codeHash: string; ttlHours: number },
): Promise<Date> {
  const [row] = await tx
    .update(unlockRequests)
    .set({
      status: 'approved',
      reviewedBy: values.adminId,
      reviewedAt: sql`now()`,
      tempCodeHash: values.codeHash,
      tempCodeExpiresAt: sql`now() + make_interval(hours => ${values.ttlHours})`,
      tempCodeAttempts: 0,
      tempCodeUsedAt: null,
    })
    .where(eq(unlockRequests.id, id))
    .returning({ expiresAt: unlockRequests.tempCodeExpiresAt });
  if (!row?.expiresAt) throw new Error('unlock request vanished while approving');
  return row.expiresAt;
}

export async function markRejected(tx: Tx, id: string, adminId: string): Promise<void> {
  await tx
    .update(unlockRequests)
    .set({ status: 'rejected', reviewedBy: adminId, reviewedAt: sql`now()` })
    .where(eq(unlockRequests.id, id));
}

/**
 * The user's most recently approved request, locked: only its code counts (a newer approval makes
 * an older code useless). `expired` is judged by the database clock.
 */
export async function lockNewestApproved(
  tx: Tx,
  userId: string,
): Promise<(TUnlockRequestRow & { expired: boolean }) | undefined> {
  const [row] = await tx
    .select({
      request: unlockRequests,
      expired: sql<boolean>`coalesce(${unlockRequests.tempCodeExpiresAt} <= now(), true)`,
    })
    .from(unlockRequests)
    .where(and(eq(unlockRequests.userId, userId), eq(unlockRequests.status, 'approved')))
    .orderBy(desc(unlockRequests.reviewedAt), desc(unlockRequests.createdAt))
    .limit(1)
    .for('update');
  return row ? { ...row.request, expired: row.expired } : undefined;
}

/** Counts a wrong code; returns the new count. */
export async function recordWrongCode(tx: Tx, id: string): Promise<number> {
  const [row] = await tx
    .update(unlockRequests)
    .set({ tempCodeAttempts: sql`${unlockRequests.tempCodeAttempts} + 1` })
    .where(eq(unlockRequests.id, id))
    .returning({ attempts: unlockRequests.tempCodeAttempts });
  return row?.attempts ?? Number.MAX_SAFE_INTEGER;
}

export async function markCodeUsed(tx: Tx, id: string): Promise<void> {
  await tx.update(unlockRequests).set({ tempCodeUsedAt: sql`now()` }).where(eq(unlockRequests.id, id));
}

// --- password reset links -------------------------------------------------------------------------

/** Earlier links of the user that were never used stop working. */
export async function retireUnusedTokens(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function insertResetToken(
  tx: Tx,
  values: { userId: string; tokenHash: string; ttlMinutes: number; createdBy: string },
): Promise<{ id: string; expiresAt: Date }> {
  const [row] = await tx
    .insert(passwordResetTokens)
    .values({
      userId: values.userId,
      tokenHash: values.tokenHash,
      createdBy: values.createdBy,
      expiresAt: sql`now() + make_interval(mins => ${values.ttlMinutes})`,
    })
    .returning({ id: passwordResetTokens.id, expiresAt: passwordResetTokens.expiresAt });
  if (!row) throw new Error('reset token insert returned nothing');
  return row;
}

export async function lockResetToken(
  tx: Tx,
  tokenHash: string,
): Promise<(TPasswordResetTokenRow & { expired: boolean }) | undefined> {
  const [row] = await tx
    .select({ token: passwordResetTokens, expired: sql<boolean>`${passwordResetTokens.expiresAt} <= now()` })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .for('update');
  return row ? { ...row.token, expired: row.expired } : undefined;
}

export async function markTokenUsed(tx: Tx, id: string): Promise<void> {
  await tx.update(passwordResetTokens).set({ usedAt: sql`now()` }).where(eq(passwordResetTokens.id, id));
}
