import type { TStaffRole } from './constants.ts';

/**
 * What each staff role may do (docs/security.md, "Staff roles"), without a schema: the back office's
 * menu and guards read it on first render (docs/architecture.md, "Schema-free contracts").
 */

/**
 * What a back-office route needs. Every admin-scope endpoint declares one (`TEndpoint.permission`);
 * a client-scope endpoint declares one when staff may call it on a client's record and it changes
 * something there. The server's guards and the back office's menus and buttons read the same table.
 */
export const PERMISSIONS = [
  /** The client list, a client's record, balances and history, the dashboard's figures. */
  'clients.read',
  /** Create, edit, activate, verify, close a client; their alerts, sessions, password, second factor. */
  'clients.manage',
  /** Review identity documents. */
  'kyc.review',
  /** The support inbox, in-app messages, the mail outbox. */
  'messages.manage',
  /** Unlock requests and password-reset links. */
  'recovery.review',
  /** Every deposit, withdrawal, transaction, investment, payout, position and order; the ledger report. */
  'money.read',
  /** Decide deposits, withdrawals, investments, payouts and upgrades; adjust balances; close positions. */
  'money.manage',
  /** Approve or reject a large money action another staff member asked for (four eyes). */
  'money.approve',
  /** Deposit and withdrawal methods, plans, signals and their results. */
  'catalogue.manage',
  /** The audit log. */
  'audit.read',
  /** Staff members and their roles. */
  'staff.manage',
  /** One's own back-office profile. */
  'profile.own',
] as const;
export type TPermission = (typeof PERMISSIONS)[number];

const SUPPORT: readonly TPermission[] = [
  'clients.read',
  'kyc.review',
  'messages.manage',
  'recovery.review',
  'profile.own',
];
const FINANCE: readonly TPermission[] = [
  'clients.read',
  'money.read',
  'money.manage',
  'money.approve',
  'audit.read',
  'profile.own',
];

/** Each role's permissions: Admin has them all; Support never touches money; Finance never edits a client. */
export const ROLE_PERMISSIONS: Readonly<Record<TStaffRole, readonly TPermission[]>> = {
  Admin: PERMISSIONS,
  Support: SUPPORT,
  Finance: FINANCE,
};

/** Whether a staff member of `role` may do what `permission` covers; no role (not staff): nothing. */
export function can(role: TStaffRole | null | undefined, permission: TPermission): boolean {
  return role != null && ROLE_PERMISSIONS[role].includes(permission);
}
