import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { refreshTokens, sessionFamilies } from '../../db/schema/sessions.ts';
import { type TUserRow, users } from '../../db/schema/users.ts';
import type { TSignInContext, TSignInProof } from './sign-in-context.ts';

/** A new sign-in of `userId`: how it was proven and where it came from (sign-in-context.ts). */
export async function createSessionFamily(
  db: DbOrTx,
  userId: string,
  proof: TSignInProof,
  context: TSignInContext,
): Promise<string> {
  const [row] = await db
    .insert(sessionFamilies)
    .values({
      userId,
      method: proof.method,
      secondFactor: proof.secondFactor ?? null,
      userAgent: context.userAgent,
      ip: context.ip,
    })
    .returning({ id: sessionFamilies.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function insertRefreshToken(
  db: DbOrTx,
  token: { familyId: string; userId: string; tokenHash: string; remember: boolean; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      familyId: refreshTokens.familyId,
      userId: refreshTokens.userId,
      remember: refreshTokens.remember,
      expiresAt: refreshTokens.expiresAt,
      rotatedAt: refreshTokens.rotatedAt,
      familyRevokedAt: sessionFamilies.revokedAt,
    })
    .from(refreshTokens)
    .innerJoin(sessionFamilies, eq(sessionFamilies.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks a token used; false when another request already used it (a replay). */
export async function markRotated(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: DbOrTx, familyId: string, reason: string): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.revokedAt)));
}

export async function revokeAllFamiliesOfUser(db: DbOrTx, userId: string, reason: string): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)));
}

/** Ends every sign-in of a user but one (the one that changed the password). */
export async function revokeOtherFamiliesOfUser(
  db: DbOrTx,
  userId: string,
  keepFamilyId: string,
  reason: string,
): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt), ne(sessionFamilies.id, keepFamilyId)),
    );
}

const touchLastUse = (db: Db) =>
  db
    .update(sessionFamilies)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(sessionFamilies.id, sql.placeholder('familyId')),
        lt(sessionFamilies.lastUsedAt, sql`now() - interval '1 minute'`),
      ),
    )
    .prepare('touch_session_family');

/** Records that a sign-in was used: only when its last use is over a minute old (last-use.ts). */
export async function touchSessionFamily(db: Db, familyId: string): Promise<void> {
  await prepared(db, touchLastUse).execute({ familyId });
}

const callerOfLiveSession = (db: Db) =>
  db
    .select({
      id: users.id,
      type: users.type,
      isActive: users.isActive,
      method: sessionFamilies.method,
      secondFactor: sessionFamilies.secondFactor,
    })
    .from(users)
    .innerJoin(
      sessionFamilies,
      and(
        eq(sessionFamilies.id, sql.placeholder('familyId')),
        eq(sessionFamilies.userId, users.id),
        isNull(sessionFamilies.revokedAt),
      ),
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('caller_of_live_session');

/**
 * Who holds a live (unrevoked) sign-in and how it was proven, in one query; undefined when the user
 * or the sign-in is gone.
 */
export async function findCallerOfLiveSession(
  db: Db,
  userId: string,
  familyId: string,
): Promise<
  | (Pick<TUserRow, 'id' | 'type' | 'isActive'> & {
      method: 'password' | 'passkey' | 'code';
      secondFactor: 'totp' | 'recovery-code' | null;
    })
  | undefined
> {
  const [row] = await prepared(db, callerOfLiveSession).execute({ userId, familyId });
  return row;
}
