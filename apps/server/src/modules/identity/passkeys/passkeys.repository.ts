import { and, asc, count, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { passkeys, webauthnChallenges } from '../../../db/schema/security.ts';

export type TPasskeyRow = typeof passkeys.$inferSelect;
export type TChallengePurpose = 'register' | 'sign-in';

/**
 * Stores a challenge good until `expiresAt`, and removes every challenge that has expired (a
 * started registration or sign-in that was never finished), so the table holds only live ones.
 */
export async function insertChallenge(
  db: DbOrTx,
  values: { userId: string | null; purpose: TChallengePurpose; challenge: string; expiresAt: Date },
): Promise<string> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
  const [row] = await db.insert(webauthnChallenges).values(values).returning({ id: webauthnChallenges.id });
  if (!row) throw new Error('challenge insert returned nothing');
  return row.id;
}

/**
 * Takes a registration challenge of `userId` by its value: deleted in the same statement that finds
 * it, so two answers to one challenge cannot both pass. Null when there is none, or it has expired.
 */
export async function takeRegisterChallenge(db: DbOrTx, userId: string, challenge: string): Promise<string | null> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.userId, userId),
        eq(webauthnChallenges.purpose, 'register'),
        eq(webauthnChallenges.challenge, challenge),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge, expiresAt: webauthnChallenges.expiresAt });
  return row && row.expiresAt > new Date() ? row.challenge : null;
}

/** Takes a sign-in challenge by its id (deleted as it is read, like `takeRegisterChallenge`). */
export async function takeSignInChallenge(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(eq(webauthnChallenges.id, id), eq(webauthnChallenges.purpose, 'sign-in'), isNull(webauthnChallenges.userId)),
    )
    .returning({ challenge: webauthnChallenges.challenge, expiresAt: webauthnChallenges.expiresAt });
  return row && row.expiresAt > new Date() ? row.challenge : null;
}

export async function listPasskeysOfUser(db: DbOrTx, userId: string): Promise<TPasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function countPasskeysOfUser(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

export async function insertPasskey(
  db: DbOrTx,
  values: Omit<typeof passkeys.$inferInsert, 'id' | 'createdAt' | 'lastUsedAt'>,
): Promise<TPasskeyRow> {
  const [row] = await db.insert(passkeys).values(values).returning();
  if (!row) throw new Error('passkey insert returned nothing');
  return row;
}

export async function findPasskeyByCredentialId(db: DbOrTx, credentialId: string): Promise<TPasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/** Renames a passkey of `userId`; undefined when `userId` has no passkey `id`. */
export async function renamePasskeyOfUser(
  db: DbOrTx,
  userId: string,
  id: string,
  name: string,
): Promise<TPasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

/** Removes a passkey of `userId`; false when `userId` has no passkey `id`. */
export async function deletePasskeyOfUser(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/**
 * Records a sign-in with the passkey: its new signature counter, backup state and time of use. The
 * counter only moves forward (`counter` still as read): of two sign-ins racing with the same
 * assertion, one updates and the other finds nothing, and is refused.
 */
export async function recordPasskeyUse(
  db: DbOrTx,
  passkey: { id: string; counter: number },
  values: { counter: number; backedUp: boolean },
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: values.counter, backedUp: values.backedUp, lastUsedAt: sql`now()` })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}
