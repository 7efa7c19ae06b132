import { and, desc, eq, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { prepared } from '../../../db/prepared.ts';
import { refreshTokens, sessionFamilies } from '../../../db/schema/sessions.ts';
import { type TUserRow, users } from '../../../db/schema/users.ts';
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
      staffRole: users.staffRole,
      isActive: users.isActive,
      emailVerifiedAt: users.emailVerifiedAt,
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
  | (Pick<TUserRow, 'id' | 'type' | 'staffRole' | 'isActive' | 'emailVerifiedAt'> & {
      method: 'password' | 'passkey' | 'code';
      secondFactor: 'totp' | 'recovery-code' | null;
    })
  | undefined
> {
  const [row] = await prepared(db, callerOfLiveSession).execute({ userId, familyId });
  return row;
}

// The signed-in person's own list of sessions and ending them (the sessions module's screens): this
// module owns the session tables, so every write to them is here.

/** What the list needs of a `session_families` row. */
export interface TSessionRow {
  id: string;
  userAgent: string;
  ip: string;
  method: 'password' | 'passkey' | 'code';
  secondFactor: 'totp' | 'recovery-code' | null;
  createdAt: Date;
  lastUsedAt: Date;
}

/**
 * A session is live while it is not revoked and holds a refresh token that can still be traded: not
 * yet rotated, not revoked, not expired. An access token of a family whose refresh token has expired
 * lives a few minutes at most, so the list leaves such families out.
 */
const hasLiveRefreshToken: SQL = sql`exists (
  select 1 from ${refreshTokens}
  where ${refreshTokens.familyId} = ${sessionFamilies.id}
    and ${refreshTokens.rotatedAt} is null
    and ${refreshTokens.revokedAt} is null
    and ${refreshTokens.expiresAt} > now()
)`;

const sessionColumns = {
  id: sessionFamilies.id,
  userAgent: sessionFamilies.userAgent,
  ip: sessionFamilies.ip,
  method: sessionFamilies.method,
  secondFactor: sessionFamilies.secondFactor,
  createdAt: sessionFamilies.createdAt,
  lastUsedAt: sessionFamilies.lastUsedAt,
};

/** The live sessions of `userId`, the most recently used first. */
export async function listLiveSessions(db: DbOrTx, userId: string): Promise<TSessionRow[]> {
  return db
    .select(sessionColumns)
    .from(sessionFamilies)
    .where(and(eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt), hasLiveRefreshToken))
    .orderBy(desc(sessionFamilies.lastUsedAt), desc(sessionFamilies.createdAt), desc(sessionFamilies.id));
}

/**
 * Ends sessions of `userId` (`which` narrows them) that are not ended yet, and answers how many of
 * them were live. Families whose refresh token had already expired are ended too, so none of their
 * last access tokens outlives the call; they were not in the list, so they are not counted.
 */
async function revokeSessions(db: DbOrTx, userId: string, which: SQL | undefined, reason: string): Promise<number> {
  const rows = await db
    .update(sessionFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt), which))
    .returning({ id: sessionFamilies.id, live: sql<boolean>`${hasLiveRefreshToken}` });
  return rows.filter((row) => row.live).length;
}

/** Ends one session of `userId`; false when it is not theirs or already ended. */
export async function revokeSessionOfUser(db: DbOrTx, userId: string, id: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(sessionFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessionFamilies.id, id), eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)))
    .returning({ id: sessionFamilies.id });
  return rows.length === 1;
}

/** Ends every session of `userId` but `keepId`; answers how many live ones ended. */
export function revokeOtherSessions(db: DbOrTx, userId: string, keepId: string, reason: string): Promise<number> {
  return revokeSessions(db, userId, ne(sessionFamilies.id, keepId), reason);
}

/** Ends every session of `userId`; answers how many live ones ended. */
export function revokeAllSessions(db: DbOrTx, userId: string, reason: string): Promise<number> {
  return revokeSessions(db, userId, undefined, reason);
}
