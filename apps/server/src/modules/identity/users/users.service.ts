import { AppError } from '../../../lib/app-error.ts';

// The users module's public functions: what other modules may read and write of its tables
// (docs/architecture.md, "Boundaries").
export {
  clearFailedLogins,
  clearFailedLoginsAfterPasskey,
  eraseAndClose,
  findKycOwner,
  findOpenAdmin,
  findUserByEmail,
  findUserById,
  findUserIdByReferralCode,
  findUserRecord,
  insertUser,
  isEmailOrUsernameTaken,
  isEmailOrUsernameTakenByOther,
  isOpenClient,
  listStaff,
  lockKycOwner,
  lockOpenClient,
  lockOpenClients,
  lockOpenUser,
  lockUserForLogin,
  mailRecipients,
  markEmailUnverified,
  markEmailVerified,
  planOfUser,
  recordFailedLogin,
  renamePlanOfUsers,
  setKycOwnerState,
  setLanguage,
  setPasswordAndUnlock,
  setPasswordHash,
  setProfileImage,
  setStaffRole,
  setUserPlan,
  type TAcceptedLegal,
  type TAdminPatch,
  type TClientPatch,
  type TKycOwnerState,
  type TNewUserState,
  updateAdmin,
  updateClient,
} from './users.repository.ts';

/** The answer of a locked account (sign-in, its second step, a password change). */
export function lockedError(until: Date): AppError {
  return new AppError(
    'ACCOUNT_LOCKED',
    'errors.accountLocked',
    { until: until.toISOString() },
    { extra: { lockedUntil: until.toISOString() } },
  );
}
