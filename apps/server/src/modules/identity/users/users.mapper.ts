import type { TUser } from '@meridian/contracts/auth';
import { fromCents } from '@meridian/contracts/money';
import type { TUserRow } from '../../../db/schema/users.ts';

/** The columns a user's answer is made of (`findUserRecord` reads only these). */
export type TApiUserRow = Pick<
  TUserRow,
  | 'id'
  | 'firstname'
  | 'lastname'
  | 'username'
  | 'email'
  | 'phone'
  | 'country'
  | 'address'
  | 'profile'
  | 'type'
  | 'staffRole'
  | 'isActive'
  | 'isVerified'
  | 'emailVerifiedAt'
  | 'termsAcceptedAt'
  | 'kycStatus'
  | 'balance'
  | 'tradingBalance'
  | 'profitBalance'
  | 'bonus'
  | 'referralCode'
  | 'planId'
  | 'planName'
  | 'withdrawalEnabled'
  | 'maintenanceAlert'
  | 'maintenanceAlertMessage'
  | 'securityAlert'
  | 'securityAlertMessage'
  | 'planUpgradeAlert'
  | 'planUpgradeAlertMessage'
  | 'passwordChangedAt'
  | 'createdAt'
>;

/** The only way a user row leaves the server: whitelisted fields, dollars, ISO dates. */
export function toApiUser(row: TApiUserRow): TUser {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    username: row.username,
    email: row.email,
    phone: row.phone,
    country: row.country,
    address: row.address,
    profile: row.profile,
    type: row.type,
    roles: row.type,
    staffRole: row.staffRole,
    isActive: row.isActive,
    isVerified: row.isVerified,
    emailVerified: row.emailVerifiedAt !== null,
    termsAcceptedAt: row.termsAcceptedAt?.toISOString() ?? null,
    kycStatus: row.kycStatus,
    balance: fromCents(row.balance),
    tradingBalance: fromCents(row.tradingBalance),
    profitBalance: fromCents(row.profitBalance),
    bonus: fromCents(row.bonus),
    referralCode: row.referralCode,
    plan: row.planId && row.planName !== null ? { id: row.planId, name: row.planName } : null,
    withdrawalEnabled: row.withdrawalEnabled,
    maintenanceAlert: row.maintenanceAlert,
    maintenanceAlertMessage: row.maintenanceAlertMessage,
    securityAlert: row.securityAlert,
    securityAlertMessage: row.securityAlertMessage,
    planUpgradeAlert: row.planUpgradeAlert,
    planUpgradeAlertMessage: row.planUpgradeAlertMessage,
    passwordChangedAt: row.passwordChangedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
