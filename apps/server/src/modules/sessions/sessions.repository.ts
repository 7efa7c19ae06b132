import { and, desc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refreshTokens, sessionFamilies } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import type { TSessionRow } from './sessions.mapper.ts';

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

/** Whether `id` is an open (not closed) Client account. */
export async function isOpenClient(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.type, 'Client'), isNull(users.closedAt)))
    .limit(1);
  return row !== undefined;
}
