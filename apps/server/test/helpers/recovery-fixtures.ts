import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { passwordResetTokens, unlockRequests } from '../../src/db/schema/recovery.ts';
import { sha256 } from '../../src/lib/random.ts';
import { hashTempCode } from '../../src/modules/identity/recovery/recovery.service.ts';
import { createUser } from './factories.ts';

/** A 1×1 PNG, the photo of fixture requests. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A pending unlock request of a new client, with its photo in the file store. */
export async function createUnlockRequest(
  app: FastifyInstance,
): Promise<{ id: string; userId: string; email: string }> {
  const user = await createUser(app, 'Client');
  const imageKey = `unlock/${randomUUID()}.png`;
  await app.files.put(imageKey, { data: PHOTO, contentType: 'image/png' });
  const [row] = await app.db
    .insert(unlockRequests)
    .values({ userId: user.id, kind: 'unlock', imageKey })
    .returning({ id: unlockRequests.id });
  if (!row) throw new Error('no unlock request');
  return { id: row.id, userId: user.id, email: user.email };
}

/** Puts a decided request back in the queue (for rows that approve or reject it). */
export async function makePending(app: FastifyInstance, id: string): Promise<void> {
  await app.db
    .update(unlockRequests)
    .set({ status: 'pending', reviewedBy: null, reviewedAt: null, tempCodeHash: null, tempCodeExpiresAt: null })
    .where(eq(unlockRequests.id, id));
}

/** Makes the request approved with a live, untried `code`, as an admin's approval would. */
export async function placeTempCode(app: FastifyInstance, id: string, code: string): Promise<void> {
  await app.db
    .update(unlockRequests)
    .set({
      status: 'approved',
      reviewedAt: sql`now()`,
      tempCodeHash: hashTempCode(id, code),
      tempCodeExpiresAt: sql`now() + interval '1 hour'`,
      tempCodeAttempts: 0,
      tempCodeUsedAt: null,
    })
    .where(eq(unlockRequests.id, id));
}

/** A live, unused reset link `token` for the user (replacing an earlier one of the same token). */
export async function placeResetToken(app: FastifyInstance, userId: string, token: string): Promise<void> {
  await app.db.delete(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, sha256(token)));
  await app.db
    .insert(passwordResetTokens)
    .values({ userId, tokenHash: sha256(token), expiresAt: sql`now() + interval '1 hour'` });
}
