import type { TSessionList } from '@meridian/contracts/sessions';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import {
  type AuthService,
  listLiveSessions,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSessionOfUser,
} from '../auth/index.ts';
import { isOpenClient, lockOpenClient } from '../users/index.ts';
import { toApiSession } from './sessions.mapper.ts';

/**
 * Signed-in sessions (docs/security.md, "Sessions"): the person's own list and ending them, and an
 * admin's view of a client's. Ending a session revokes its family, so its refresh token is refused,
 * and forgets the user's cached callers, so its access tokens are refused at once on this server
 * and within `AUTH_CACHE_MS` on the others.
 */

type TForget = Pick<AuthService, 'forgetUser'>;

/** The caller's live sessions, `current` marking the one their access token belongs to. */
export async function listOwnSessions(db: Db, caller: TCaller): Promise<TSessionList> {
  const rows = await listLiveSessions(db, caller.id);
  return { sessions: rows.map((row) => toApiSession(row, caller.sessionId)) };
}

/** Ends one of the caller's sessions (the current one too); 404 when not theirs or already ended. */
export async function endOwnSession(db: Db, auth: TForget, caller: TCaller, sessionId: string): Promise<void> {
  if (!(await revokeSessionOfUser(db, caller.id, sessionId, 'ended by user'))) throw notFound();
  auth.forgetUser(caller.id);
}

/** Ends every session of the caller but the current one; answers how many live ones ended. */
export async function endOtherOwnSessions(db: Db, auth: TForget, caller: TCaller): Promise<number> {
  const count = await revokeOtherSessions(db, caller.id, caller.sessionId, 'ended by user');
  auth.forgetUser(caller.id);
  return count;
}

/** A client's live sessions (an admin's view); 404 unless `userId` is an open Client account. */
export async function listClientSessions(db: Db, userId: string): Promise<TSessionList> {
  if (!(await isOpenClient(db, userId))) throw notFound();
  const rows = await listLiveSessions(db, userId);
  return { sessions: rows.map((row) => toApiSession(row, null)) };
}

/**
 * An admin ends every session of a client, with a reason: one transaction locks the client, ends
 * the sessions and writes the audit entry with the reason and how many live sessions ended.
 */
export async function endClientSessions(
  db: Db,
  auth: TForget,
  actorId: string,
  userId: string,
  reason: string,
): Promise<number> {
  const count = await db.transaction(async (tx) => {
    if (!(await lockOpenClient(tx, userId))) throw notFound();
    const ended = await revokeAllSessions(tx, userId, 'ended by admin');
    await recordAudit(tx, {
      actorId,
      action: 'client.sessionsEnd',
      targetUserId: userId,
      entityType: 'user',
      entityId: userId,
      after: { sessionsEnded: ended },
      reason,
    });
    return ended;
  });
  auth.forgetUser(userId);
  return count;
}
