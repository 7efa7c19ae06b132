import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { type TUserRow, users } from '../../db/schema/users.ts';

/** The fields of a client an admin's account controls change. */
export type TClientPatch = Partial<
  Pick<
    TUserRow,
    | 'isActive'
    | 'isVerified'
    | 'withdrawalEnabled'
    | 'maintenanceAlert'
    | 'maintenanceAlertMessage'
    | 'securityAlert'
    | 'securityAlertMessage'
    | 'planUpgradeAlert'
    | 'planUpgradeAlertMessage'
    | 'firstname'
    | 'lastname'
    | 'username'
    | 'email'
    | 'phone'
    | 'country'
    | 'address'
  >
>;

/** An open (not closed) Client account, locked for the rest of the transaction; undefined otherwise. */
export async function lockOpenClient(tx: Tx, id: string): Promise<TUserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.type, 'Client'), isNull(users.closedAt)))
    .for('update');
  return row;
}

export async function updateClient(db: DbOrTx, id: string, patch: TClientPatch): Promise<TUserRow> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error('client vanished while being updated');
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
