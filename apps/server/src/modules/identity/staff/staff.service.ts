import { REFERRAL_CODE_LENGTH, type TStaffRole } from '@meridian/contracts/constants';
import type { TCreateStaffInput, TStaffMember, TStaffRoleInput } from '@meridian/contracts/staff';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { randomCode } from '../../../lib/random.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import { hasEnabledTwoFactor, withCurrentCode } from '../two-factor/index.ts';
import {
  type findOpenAdmin,
  insertUser,
  isEmailOrUsernameTaken,
  listStaff as listStaffRows,
  lockOpenUser,
  setStaffRole as writeStaffRole,
} from '../users/index.ts';

/**
 * Staff and their roles (docs/security.md, "Staff roles"). Only an Admin manages them; each change
 * is re-checked with that Admin's own second factor, runs in the transaction that spent the code,
 * and is audited.
 */

export interface TStaffDeps {
  db: Db;
  /** Forgets a staff member's cached callers, so a new role applies to their next request. */
  auth: { forgetUser(userId: string): void };
}

type TStaffRow = NonNullable<Awaited<ReturnType<typeof findOpenAdmin>>>;

async function toStaffMember(db: Db | Tx, row: TStaffRow): Promise<TStaffMember> {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    role: row.staffRole ?? 'Admin',
    isActive: row.isActive,
    secondFactor: await hasEnabledTwoFactor(db, row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listStaff(db: Db): Promise<TStaffMember[]> {
  const rows = await listStaffRows(db);
  return Promise.all(rows.map((row) => toStaffMember(db, row)));
}

/**
 * A new staff member with a role. They sign in with the password the Admin gave them and set up
 * their own second factor at that first sign-in, before the back office opens to them.
 */
export async function createStaff(deps: TStaffDeps, caller: TCaller, input: TCreateStaffInput): Promise<TStaffMember> {
  const passwordHash = await hashPassword(input.password);
  const email = input.email.toLowerCase();
  return withCurrentCode(deps, caller, input.code, async (tx) => {
    const username = `staff.${randomCode(8).toLowerCase()}`;
    if (await isEmailOrUsernameTaken(tx, email, username)) throw new AppError('CONFLICT', 'errors.userExists');
    const row = await insertUser(
      tx,
      {
        type: 'Admin',
        staffRole: input.role,
        firstname: input.firstname,
        lastname: input.lastname,
        username,
        email,
        passwordHash,
        referralCode: randomCode(REFERRAL_CODE_LENGTH),
      },
      // The Admin vouches for the address they typed, as for a client they add.
      { emailVerified: true },
    );
    await recordAudit(tx, {
      actorId: caller.id,
      action: 'staff.create',
      targetUserId: row.id,
      entityType: 'user',
      entityId: row.id,
      after: { type: row.type, staffRole: row.staffRole },
    });
    return toStaffMember(tx, row);
  });
}

/**
 * Changes a staff member's role. Never one's own: nobody widens their own rights, and since the Admin
 * who asks stays an Admin, the platform never loses its last one this way.
 */
export async function setStaffRole(
  deps: TStaffDeps,
  caller: TCaller,
  userId: string,
  input: TStaffRoleInput,
): Promise<TStaffMember> {
  if (userId === caller.id) throw new AppError('CONFLICT', 'staff.notOwnRole');
  const member = await withCurrentCode(deps, caller, input.code, async (tx) => {
    const row = await lockOpenUser(tx, userId);
    if (!row) throw notFound();
    if (row.type !== 'Admin') throw new AppError('CONFLICT', 'staff.notStaff');
    const before: TStaffRole = row.staffRole ?? 'Admin';
    if (before === input.role) return toStaffMember(tx, row);
    const changed = await writeStaffRole(tx, userId, input.role);
    await recordAudit(tx, {
      actorId: caller.id,
      action: 'staff.role',
      targetUserId: userId,
      entityType: 'user',
      entityId: userId,
      before: { staffRole: before },
      after: { staffRole: input.role },
    });
    return toStaffMember(tx, changed);
  });
  deps.auth.forgetUser(userId);
  return member;
}
