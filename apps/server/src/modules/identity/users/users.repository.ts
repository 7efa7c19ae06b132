import type { TAlertKind } from '@meridian/contracts/client-actions';
import type { TKycStatus, TLanguage, TStaffRole } from '@meridian/contracts/constants';
import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { batchUsers } from '../../../db/group-commit.ts';
import { prepared } from '../../../db/prepared.ts';
import { type TUserRow, users } from '../../../db/schema/users.ts';
import type { TApiUserRow } from './users.mapper.ts';

/**
 * What a new account may be given: who the person is, their password hash, referral codes and language.
 * Balances, the lock, KYC and alert flags start at their defaults; only the ledger moves money.
 */
const NEW_USER_COLUMNS = [
  'type',
  'staffRole',
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

/** What a user's answer shows (`TApiUserRow`), and whether the account is closed: no password hash, no lock. */
const recordColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  username: users.username,
  email: users.email,
  phone: users.phone,
  country: users.country,
  address: users.address,
  profile: users.profile,
  type: users.type,
  staffRole: users.staffRole,
  isActive: users.isActive,
  isVerified: users.isVerified,
  emailVerifiedAt: users.emailVerifiedAt,
  termsAcceptedAt: users.termsAcceptedAt,
  kycStatus: users.kycStatus,
  balance: users.balance,
  tradingBalance: users.tradingBalance,
  profitBalance: users.profitBalance,
  bonus: users.bonus,
  referralCode: users.referralCode,
  planId: users.planId,
  planName: users.planName,
  withdrawalEnabled: users.withdrawalEnabled,
  maintenanceAlert: users.maintenanceAlert,
  maintenanceAlertMessage: users.maintenanceAlertMessage,
  securityAlert: users.securityAlert,
  securityAlertMessage: users.securityAlertMessage,
  planUpgradeAlert: users.planUpgradeAlert,
  planUpgradeAlertMessage: users.planUpgradeAlertMessage,
  passwordChangedAt: users.passwordChangedAt,
  createdAt: users.createdAt,
  closedAt: users.closedAt,
} satisfies Record<keyof TApiUserRow | 'closedAt', unknown>;

const userRecordById = (db: Db) =>
  db
    .select(recordColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_record_by_id');

/**
 * A user's record as answers show it (the client record a screen reads on every load): a prepared
 * statement of the columns `toApiUser` reads, two thirds of the row.
 */
export async function findUserRecord(db: Db, id: string) {
  const [row] = await prepared(db, userRecordById).execute({ id });
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

/** The versions of the terms and the risk disclosure a client accepted at sign-up (contracts/content.ts). */
export interface TAcceptedLegal {
  termsVersion: string;
  riskDisclosureVersion: string;
}

/**
 * How a new account starts: with its email verified (an admin made it) or not (a sign-up, which also
 * records the legal texts accepted, at the database's time).
 */
export interface TNewUserState {
  emailVerified: boolean;
  accepted?: TAcceptedLegal | undefined;
}

/** A new account. Only the columns of `TNewUser` are written, even from an object that carries more. */
export async function insertUser(db: DbOrTx, user: TNewUser, state: TNewUserState): Promise<TUserRow> {
  // Object.fromEntries loses the keys' types; it holds exactly NEW_USER_COLUMNS, TNewUser's keys.
  const values = Object.fromEntries(NEW_USER_COLUMNS.map((column) => [column, user[column]])) as TNewUser;
  const [row] = await db
    .insert(users)
    .values({
      ...values,
      emailVerifiedAt: state.emailVerified ? sql`now()` : null,
      ...(state.accepted
        ? {
            termsAcceptedAt: sql`now()`,
            termsVersion: state.accepted.termsVersion,
            riskDisclosureVersion: state.accepted.riskDisclosureVersion,
          }
        : {}),
    })
    .returning();
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

/** Who a platform email about an account goes to: the open client accounts among `ids`, with their language. */
export async function mailRecipients(
  db: DbOrTx,
  ids: readonly string[],
): Promise<{ id: string; email: string; firstname: string; language: TLanguage | null }[]> {
  if (ids.length === 0) return [];
  // In a group-commit batch the clients are locked already: read from the batch, not the database.
  const batch = batchUsers(db);
  if (batch) {
    return [...(await batch.lock(ids)).values()]
      .filter((row) => row.type === 'Client' && row.closedAt === null)
      .map(({ id, email, firstname, language }) => ({ id, email, firstname, language }));
  }
  return db
    .select({ id: users.id, email: users.email, firstname: users.firstname, language: users.language })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.type, 'Client'), isNull(users.closedAt)));
}

/** Keeps the copy of the plan's name on the users who are on it in step (users.plan_name). */
export async function renamePlanOfUsers(db: DbOrTx, planId: string, name: string): Promise<void> {
  await db
    .update(users)
    .set({ planName: name })
    .where(and(eq(users.planId, planId), ne(users.planName, name)));
}

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

// Staff (docs/security.md, "Staff roles"): the users of type Admin and their roles.

/** Every open staff account, Admins first, then by name. */
export async function listStaff(db: DbOrTx): Promise<TUserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.type, 'Admin'), isNull(users.closedAt)))
    .orderBy(sql`${users.staffRole} <> 'Admin'`, users.firstname, users.lastname, users.id);
}

export async function setStaffRole(tx: Tx, id: string, role: TStaffRole): Promise<TUserRow> {
  const [row] = await tx
    .update(users)
    .set({ staffRole: role, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.type, 'Admin')))
    .returning();
  if (!row) throw new Error('staff member vanished while their role changed');
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

/**
 * The email address is proven (the mailed link was followed); a verified one keeps its first time.
 * Answers whether this changed anything.
 */
export async function markEmailVerified(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The email address changed and is to be proven again. */
export async function markEmailUnverified(tx: Tx, id: string): Promise<void> {
  await tx.update(users).set({ emailVerifiedAt: null, updatedAt: sql`now()` }).where(eq(users.id, id));
}

/** The person's chosen language (mail nobody asked for at that moment is written in it). */
export async function setLanguage(db: DbOrTx, id: string, language: TLanguage): Promise<void> {
  await db.update(users).set({ language, updatedAt: sql`now()` }).where(eq(users.id, id));
}

/**
 * A strong sign-in ends the count of wrong passwords, as a correct password does; an account whose
 * lock is still running is never touched here (the caller refused it).
 */
export async function clearFailedLoginsAfterPasskey(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null })
    .where(
      and(
        eq(users.id, userId),
        or(gt(users.failedLogins, 0), sql`${users.lockedUntil} is not null`),
        or(isNull(users.lockedUntil), sql`${users.lockedUntil} <= now()`),
      ),
    );
}

/** The KYC state a user row carries: the status (and, on approval, the verified flag). */
export interface TKycOwnerState {
  kycStatus: TKycStatus;
  isVerified: boolean;
}

/** A user's KYC state; undefined when there is no such user. */
export async function findKycOwner(db: DbOrTx, userId: string): Promise<TKycOwnerState | undefined> {
  const [row] = await db
    .select({ kycStatus: users.kycStatus, isVerified: users.isVerified })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The same, with the user row locked for the rest of the transaction. */
export async function lockKycOwner(
  tx: Tx,
  userId: string,
): Promise<(TKycOwnerState & { email: string; firstname: string; language: TLanguage | null }) | undefined> {
  const [row] = await tx
    .select({
      kycStatus: users.kycStatus,
      isVerified: users.isVerified,
      email: users.email,
      firstname: users.firstname,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** Writes a user's KYC state (a submission makes it pending; a decision sets it and maybe verifies). */
export async function setKycOwnerState(db: DbOrTx, userId: string, state: Partial<TKycOwnerState>): Promise<void> {
  await db
    .update(users)
    .set({ ...state, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The fields of a client an admin's account controls change. */
export type TClientPatch = Partial<
  Pick<
    TUserRow,
    | 'isActive'
    | 'isVerified'
    | 'withdrawalEnabled'
    | `${TAlertKind}Alert`
    | `${TAlertKind}AlertMessage`
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
/**
 * The open client accounts among `ids`, locked for the rest of the transaction in id order (so two
 * callers locking overlapping sets never wait on each other in a circle); closed ones are left out.
 */
export async function lockOpenClients(tx: Tx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const batch = batchUsers(tx);
  if (batch) {
    const locked = await batch.lock([...ids]);
    return new Set(
      [...locked.values()].filter((row) => row.type === 'Client' && row.closedAt === null).map((row) => row.id),
    );
  }
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.type, 'Client'), isNull(users.closedAt)))
    .orderBy(users.id)
    .for('update');
  return new Set(rows.map((row) => row.id));
}

export async function lockOpenClient(tx: Tx, id: string): Promise<TUserRow | undefined> {
  const batch = batchUsers(tx);
  if (batch) {
    const locked = (await batch.lock([id])).get(id);
    return locked && locked.type === 'Client' && locked.closedAt === null ? locked : undefined;
  }
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

/** The client's current plan, read under their row lock (the ledger's lock: the caller took it). */
export async function planOfUser(tx: Tx, userId: string): Promise<string | null | undefined> {
  const [row] = await tx.select({ planId: users.planId }).from(users).where(eq(users.id, userId));
  return row?.planId;
}

export async function setUserPlan(tx: Tx, userId: string, plan: { id: string; name: string }): Promise<void> {
  await tx.update(users).set({ planId: plan.id, planName: plan.name }).where(eq(users.id, userId));
}

/** The new password, as a password change sets it; any sign-in lock is lifted too. */
export async function setPasswordAndUnlock(tx: Tx, userId: string, passwordHash: string): Promise<void> {
  await tx
    .update(users)
    .set({
      passwordHash,
      passwordChangedAt: sql`now()`,
      updatedAt: sql`now()`,
      failedLogins: 0,
      lockedUntil: null,
    })
    .where(eq(users.id, userId));
}
