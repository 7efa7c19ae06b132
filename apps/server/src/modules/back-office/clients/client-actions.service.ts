import type { TUser } from '@meridian/contracts/auth';
import type { TAuditAction } from '@meridian/contracts/balances';
import type { TAlertKind, TClientUpdateInput } from '@meridian/contracts/client-actions';
import type { Db, Tx } from '../../../db/client.ts';
import type { TUserRow } from '../../../db/schema/users.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import type { AuthService } from '../../identity/auth/index.ts';
import { revokeAllFamiliesOfUser } from '../../identity/auth/index.ts';
import { startVerification, type TVerificationDeps } from '../../identity/email-verification/index.ts';
import {
  isEmailOrUsernameTakenByOther,
  lockOpenClient,
  type TClientPatch,
  toApiUser,
  updateClient,
} from '../../identity/users/index.ts';
import { recordAudit } from '../audit/index.ts';

/**
 * The admin's account controls on the client detail page (account state and alert modes). Each
 * is ONE DB transaction: the client row is locked (an open Client account, else
 * 404), changed, and the change is written to the audit log with what it was before and after.
 * Setting a state the client already has changes nothing and records nothing.
 */

/**
 * Activate / Deactivate. Deactivating also ends every session: the client is signed out at once
 * here, and by other server instances within `AUTH_CACHE_MS`.
 */
export async function setActive(
  db: Db,
  auth: Pick<AuthService, 'forgetUser'>,
  actorId: string,
  userId: string,
  active: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const changed = await change(tx, actorId, userId, active ? 'client.activate' : 'client.deactivate', {
      isActive: active,
    });
    if (changed && !active) await revokeAllFamiliesOfUser(tx, userId, 'deactivated by admin');
  });
  if (!active) auth.forgetUser(userId);
}

/** Verify / Unverify. */
export async function setVerified(db: Db, actorId: string, userId: string, verified: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await change(tx, actorId, userId, verified ? 'client.verify' : 'client.unverify', { isVerified: verified });
  });
}

/** Withdrawal permission: when disabled the client's withdrawal requests are refused. */
export async function setWithdrawals(db: Db, actorId: string, userId: string, enabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await change(tx, actorId, userId, 'client.withdrawals', { withdrawalEnabled: enabled });
  });
}

const ALERT_FIELDS = {
  maintenance: { flag: 'maintenanceAlert', message: 'maintenanceAlertMessage' },
  security: { flag: 'securityAlert', message: 'securityAlertMessage' },
  planUpgrade: { flag: 'planUpgradeAlert', message: 'planUpgradeAlertMessage' },
} as const satisfies Record<TAlertKind, { flag: keyof TClientPatch; message: keyof TClientPatch }>;

/**
 * Turns one of the dashboard banners on (with its text; empty text means the banner's default words)
 * or off (its text goes with it).
 */
export async function setAlert(
  db: Db,
  actorId: string,
  userId: string,
  kind: TAlertKind,
  on: boolean,
  message = '',
): Promise<void> {
  const fields = ALERT_FIELDS[kind];
  const text = on && message.trim() !== '' ? message.trim() : null;
  await db.transaction(async (tx) => {
    await change(tx, actorId, userId, 'client.alert', { [fields.flag]: on, [fields.message]: text }, { alert: kind });
  });
}

const PROFILE_FIELDS = ['firstname', 'lastname', 'username', 'email', 'phone', 'country', 'address'] as const;

/**
 * Update client (the admin's Update Info dialog and the client's own profile update): the client
 * themself or an admin. 409 when the email or username belongs to someone else. An admin's change is
 * audited. A client who changes their own email must verify the new address before moving money
 * again: the link goes to it with the change (docs/security.md, "Email verification"); an admin's
 * change keeps the state, as the accounts an admin makes count as verified.
 */
export async function updateClientProfile(
  { db, auth, verification }: TUpdateDeps,
  caller: TCaller,
  userId: string,
  input: TClientUpdateInput,
): Promise<TUser> {
  try {
    const user = await db.transaction(async (tx) => {
      const current = await lockOpenClient(tx, userId);
      if (!current) throw notFound();
      if (await isEmailOrUsernameTakenByOther(tx, userId, input.email, input.username)) {
        throw new AppError('CONFLICT', 'errors.userExists');
      }
      const patch: TClientPatch = {};
      for (const field of PROFILE_FIELDS) if (current[field] !== input[field]) patch[field] = input[field];
      if (Object.keys(patch).length === 0) return toApiUser(current);
      let saved = await updateClient(tx, userId, patch);
      if (patch.email !== undefined && caller.type === 'Client') {
        await startVerification(tx, verification, saved, 'email-changed');
        saved = { ...saved, emailVerifiedAt: null };
      }
      if (caller.type === 'Admin') {
        await recordAudit(tx, {
          actorId: caller.id,
          action: 'client.update',
          targetUserId: userId,
          entityType: 'user',
          entityId: userId,
          before: pick(current, Object.keys(patch) as (keyof TClientPatch)[]),
          after: patch,
        });
      }
      return toApiUser(saved);
    });
    // A client who changed their email moves no money from now on, on this server at once.
    if (!user.emailVerified) auth.forgetUser(userId);
    return user;
  } catch (err) {
    // Two updates racing for the same email or username: the unique index decides.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'errors.userExists');
    throw err;
  }
}

export interface TUpdateDeps {
  db: Db;
  /** Forgets the client's cached callers once their email is to be verified again. */
  auth: Pick<AuthService, 'forgetUser'>;
  verification: TVerificationDeps;
}

/**
 * Locks the open client, applies `patch` when it changes anything and records the audit entry with
 * the changed fields before and after. Answers whether anything changed.
 */
async function change(
  tx: Tx,
  actorId: string,
  userId: string,
  action: TAuditAction,
  patch: TClientPatch,
  context: Record<string, string> = {},
): Promise<boolean> {
  const current = await lockOpenClient(tx, userId);
  if (!current) throw notFound();
  const keys = (Object.keys(patch) as (keyof TClientPatch)[]).filter((key) => current[key] !== patch[key]);
  if (keys.length === 0) return false;
  await updateClient(tx, userId, patch);
  await recordAudit(tx, {
    actorId,
    action,
    targetUserId: userId,
    entityType: 'user',
    entityId: userId,
    before: { ...context, ...pick(current, keys) },
    after: { ...context, ...pick(patch, keys) },
  });
  return true;
}

function pick(source: TClientPatch | TUserRow, keys: readonly (keyof TClientPatch)[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, source[key] ?? null]));
}

// What other modules may read and write of this module's tables (docs/architecture.md, "Boundaries").
