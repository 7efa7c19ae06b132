import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { withdrawalCodes } from '../../db/schema/money.ts';
import { passwordResetTokens, unlockRequests } from '../../db/schema/recovery.ts';
import { type TUserRow, users } from '../../db/schema/users.ts';

/** What a row of the Client Management table needs; nothing else leaves the users table. */
const listColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  username: users.username,
  email: users.email,
  phone: users.phone,
  country: users.country,
  profile: users.profile,
  isActive: users.isActive,
  isVerified: users.isVerified,
  createdAt: users.createdAt,
};
export type TClientListRow = Pick<TUserRow, keyof typeof listColumns>;

/** Open client accounts: type Client and not closed. */
const openClients = and(eq(users.type, 'Client'), isNull(users.closedAt));

/** `%text%` for ILIKE, with the pattern characters of the text itself taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of open client accounts, newest first, and how many there are. Ordered by (created_at, id)
 * so pages never overlap; the (type, created_at) index serves the page and the count.
 */
export async function pageClients(
  db: DbOrTx,
  page: { offset: number; limit: number },
): Promise<{ rows: TClientListRow[]; total: number }> {
  const rows = await db
    .select(listColumns)
    .from(users)
    .where(openClients)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(users).where(openClients);
  return { rows, total: total?.n ?? 0 };
}

/**
 * One page of the open client accounts matching `match`, and how many match. A search reads every
 * open client once (see bench/admin-dashboard.ts), so the count comes from the same pass
 * (`count(*) over ()`) instead of a second scan; only a page past the end needs its own count.
 */
export async function pageMatchingClients(
  db: DbOrTx,
  page: { offset: number; limit: number },
  match: SQL,
): Promise<{ rows: TClientListRow[]; total: number }> {
  const where = and(openClients, match);
  const found = await db
    .select({ ...listColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const rows = found.map(({ total: _total, ...row }) => row);
  if (found[0]) return { rows, total: found[0].total };
  if (page.offset === 0) return { rows, total: 0 };
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Client search: the text anywhere in the first, last or full name, the email, the
 * username or the phone number, case-insensitively.
 */
export function clientMatches(text: string): SQL {
  const pattern = containsPattern(text);
  return sql`(
    ${users.firstname} ilike ${pattern}
    or ${users.lastname} ilike ${pattern}
    or (${users.firstname} || ' ' || ${users.lastname}) ilike ${pattern}
    or ${users.email} ilike ${pattern}
    or ${users.username} ilike ${pattern}
    or ${users.phone} ilike ${pattern}
  )`;
}

/** An open client account, locked for the rest of the transaction; undefined otherwise. */
export async function lockOpenClientForClose(tx: Tx, id: string): Promise<TUserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), openClients))
    .for('update');
  return row;
}

/**
 * Erases a client's personal data and closes the account: unique placeholders for the names, username
 * and email, empty contact fields, no avatar, a password hash nobody knows the password of.
 */
export async function eraseAndClose(tx: Tx, id: string, unusablePasswordHash: string): Promise<void> {
  const placeholder = `closed-${id}`;
  await tx
    .update(users)
    .set({
      firstname: 'Closed',
      lastname: 'account',
      username: placeholder,
      email: `${placeholder}@closed.invalid`,
      phone: '',
      country: '',
      address: '',
      profile: null,
      passwordHash: unusablePasswordHash,
      passwordChangedAt: sql`now()`,
      isActive: false,
      maintenanceAlert: false,
      maintenanceAlertMessage: null,
      securityAlert: false,
      securityAlertMessage: null,
      planUpgradeAlert: false,
      planUpgradeAlertMessage: null,
      failedLogins: 0,
      lockedUntil: null,
      closedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id));
}

/**
 * Deletes what a closed client leaves in the account's own records that is about them and not about
 * money: unlock requests, reset links, withdrawal codes (their messages and KYC submissions go
 * through those areas' repositories). Answers the file keys to delete from the store once the
 * transaction has committed.
 */
export async function deletePersonalRecords(tx: Tx, userId: string): Promise<string[]> {
  const unlock = await tx
    .delete(unlockRequests)
    .where(eq(unlockRequests.userId, userId))
    .returning({ image: unlockRequests.imageKey });
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(withdrawalCodes).where(eq(withdrawalCodes.userId, userId));
  return unlock.map((u) => u.image);
}
