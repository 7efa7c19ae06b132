import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { type TUserRow, users } from '../../db/schema/users.ts';

/**
 * What a new account may be given: who the person is, their password hash, referral codes and language.
 * Balances, the lock, KYC and alert flags start at their defaults; only the ledger moves money.
 */
const NEW_USER_COLUMNS = [
  'type',
  'firstname',
  'lastname',
  'username',
  'email',
  'phone',
  'country',
  'address',
  'passwordHash',
  'referralCode',
  'referredBy',
  'language',
] as const satisfies readonly (keyof typeof users.$inferInsert)[];
export type TNewUser = Pick<typeof users.$inferInsert, (typeof NEW_USER_COLUMNS)[number]>;

const userById = (db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_by_id');

/** A user by id, outside a transaction (a prepared statement: db/prepared.ts); in one, lock the row instead. */
export async function findUserById(db: Db, id: string): Promise<TUserRow | undefined> {
  const [row] = await prepared(db, userById).execute({ id });
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<TUserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserIdByReferralCode(db: DbOrTx, code: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).limit(1);
  return row?.id;
}

/** Is the email or the username (case-insensitively) already taken? */
export async function isEmailOrUsernameTaken(db: DbOrTx, email: string, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} = ${email.toLowerCase()} or lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

/** A new account. Only the columns of `TNewUser` are written, even from an object that carries more. */
export async function insertUser(db: DbOrTx, user: TNewUser): Promise<TUserRow> {
  // Object.fromEntries loses the keys' types; it holds exactly NEW_USER_COLUMNS, TNewUser's keys.
  const values = Object.fromEntries(NEW_USER_COLUMNS.map((column) => [column, user[column]])) as TNewUser;
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function setPasswordHash(db: DbOrTx, id: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/**
 * A user's row, locked for the rest of the transaction: sign-ins to one account wait for each other,
 * so the lock check, the password check and the count are one step.
 */
export async function lockUserForLogin(tx: Tx, id: string): Promise<TUserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * Counts one failed sign-in atomically and locks the account when the count reaches `maxAttempts`.
 * A lock that has run out starts the count again.
 */
export async function recordFailedLogin(
  db: DbOrTx,
  id: string,
  maxAttempts: number,
  lockMs: number,
): Promise<{ failedLogins: number; lockedUntil: Date | null }> {
  const current = sql`(case when ${users.lockedUntil} <= now() then 0 else ${users.failedLogins} end)`;
  const [row] = await db
    .update(users)
    .set({
      failedLogins: sql`${current} + 1`,
      lockedUntil: sql`case when ${current} + 1 >= ${maxAttempts} then now() + make_interval(secs => ${lockMs / 1000}) else null end`,
    })
    .where(eq(users.id, id))
    .returning({ failedLogins: users.failedLogins, lockedUntil: users.lockedUntil });
  if (!row) throw new Error('user vanished while recording a failed login');
  return row;
}

export async function clearFailedLogins(db: DbOrTx, id: string): Promise<void> {
  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, id));
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
