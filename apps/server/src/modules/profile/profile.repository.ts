import type { TLanguage } from '@meridian/contracts/constants';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { type TUserRow, users } from '../../db/schema/users.ts';

/** The fields of an admin's own profile. */
export type TAdminPatch = Partial<Pick<TUserRow, 'firstname' | 'lastname' | 'username' | 'email' | 'phone'>>;

/** An open (not closed) account of any type, locked for the rest of the transaction; undefined otherwise. */
export async function lockOpenUser(tx: Tx, id: string): Promise<TUserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.closedAt)))
    .for('update');
  return row;
}

/** An open Admin account, or undefined. */
export async function findOpenAdmin(db: DbOrTx, id: string): Promise<TUserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.type, 'Admin'), isNull(users.closedAt)))
    .limit(1);
  return row;
}

/** Sets the avatar URL of a user. */
export async function setProfileImage(db: DbOrTx, id: string, profile: string): Promise<TUserRow> {
  const [row] = await db.update(users).set({ profile, updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
  if (!row) throw new Error('user vanished while setting the avatar');
  return row;
}

export async function updateAdmin(db: DbOrTx, id: string, patch: TAdminPatch): Promise<TUserRow> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error('admin vanished while being updated');
  return row;
}

/** Does someone other than `id` have this email or (case-insensitively) this username? */
export async function isEmailOrUsernameTakenByOther(
  db: DbOrTx,
  id: string,
  email: string,
  username: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        ne(users.id, id),
        sql`(${users.email} = ${email.toLowerCase()} or lower(${users.username}) = ${username.toLowerCase()})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The person's chosen language (mail nobody asked for at that moment is written in it). */
export async function setLanguage(db: DbOrTx, id: string, language: TLanguage): Promise<void> {
  await db.update(users).set({ language, updatedAt: sql`now()` }).where(eq(users.id, id));
}
