import type { TLanguage } from '@meridian/contracts/constants';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { investmentPlans } from './plans.ts';

/**
 * Everyone who can sign in: clients, admins and agents. Balances are a cached projection of the
 * ledger in integer cents; only `src/ledger` writes them. No password is ever stored, only its
 * argon2id hash.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['Client', 'Admin', 'Agent'] }).notNull(),
    /**
     * A staff member's role, set on every user of type Admin and on nobody else: what they may do in
     * the back office (contracts/staff.ts; docs/security.md, "Staff roles").
     */
    staffRole: text('staff_role', { enum: ['Admin', 'Support', 'Finance'] }),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull().default(''),
    address: text('address').notNull().default(''),
    profile: text('profile'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    isActive: boolean('is_active').notNull().default(true),
    isVerified: boolean('is_verified').notNull().default(false),
    /**
     * When the person proved the address by following the mailed link (docs/security.md, "Email
     * verification"); null until then, and again after they change it. A client moves no money while
     * it is null. Accounts made by an admin, and those made before verification existed, have it set.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * What the client accepted at sign-up and when: the versions (a hash of the text, see
     * contracts/content.ts `ZLegalDocument`) of the terms and of the risk disclosure shown then.
     * Null for accounts an admin made.
     */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    termsVersion: text('terms_version'),
    riskDisclosureVersion: text('risk_disclosure_version'),
    kycStatus: text('kyc_status', { enum: ['not submitted', 'pending', 'approved', 'rejected'] })
      .notNull()
      .default('not submitted'),
    referralCode: text('referral_code').notNull(),
    referredBy: uuid('referred_by'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    tradingBalance: bigint('trading_balance', { mode: 'bigint' }).notNull().default(sql`0`),
    profitBalance: bigint('profit_balance', { mode: 'bigint' }).notNull().default(sql`0`),
    bonus: bigint('bonus', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Money of pending withdrawals: out of the client's balances, not yet out of the platform. */
    withdrawalHold: bigint('withdrawal_hold', { mode: 'bigint' }).notNull().default(sql`0`),
    withdrawalEnabled: boolean('withdrawal_enabled').notNull().default(true),
    maintenanceAlert: boolean('maintenance_alert').notNull().default(false),
    maintenanceAlertMessage: text('maintenance_alert_message'),
    securityAlert: boolean('security_alert').notNull().default(false),
    securityAlertMessage: text('security_alert_message'),
    /**
     * The client's current investment plan: set by their first approved investment or an approved
     * upgrade. `plan_name` is a copy kept in step by the plan edit (one DB transaction), so every
     * user answer names the plan without a join.
     */
    planId: uuid('plan_id').references((): AnyPgColumn => investmentPlans.id, { onDelete: 'restrict' }),
    planName: text('plan_name'),
    planUpgradeAlert: boolean('plan_upgrade_alert').notNull().default(false),
    planUpgradeAlertMessage: text('plan_upgrade_alert_message'),
    /**
     * Set when an admin closes (deletes) the account: the person can no longer sign in and their
     * personal data is erased, while the ledger and money records that name this row are kept.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * The language the person chose (at sign-up or in the language picker while signed in): mail
     * nobody asked for at that moment (an admin's decision, a payout) is written in it. Null: never chosen.
     */
    language: text('language').$type<TLanguage>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Emails are stored lower-cased; usernames compare case-insensitively.
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    index('users_type_created_idx').on(t.type, t.createdAt),
    // Client Management's order over open clients: a page by cursor is one index range read, and
    // the count of open clients an index-only scan (docs/architecture.md, "Lists at scale").
    index('users_open_clients_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.type} = 'Client' and ${t.closedAt} is null`),
    // Client search: ILIKE '%text%' over this one expression (clients.repository.ts, searchableText),
    // served by trigrams. Not partial: the planner reads an expression's statistics only from an
    // index without a WHERE, and needs them to tell a common text from a rare one.
    index('users_client_search_trgm_idx').using(
      'gin',
      sql`(${t.firstname} || ' ' || ${t.lastname} || E'\\x01' || ${t.email} || E'\\x01' || ${t.username} || E'\\x01' || ${t.phone}) gin_trgm_ops`,
    ),
    check('users_type_check', sql`${t.type} in ('Client', 'Admin', 'Agent')`),
    check('users_staff_role_check', sql`${t.staffRole} in ('Admin', 'Support', 'Finance')`),
    check('users_staff_role_of_staff', sql`(${t.type} = 'Admin') = (${t.staffRole} is not null)`),
    check('users_kyc_status_check', sql`${t.kycStatus} in ('not submitted', 'pending', 'approved', 'rejected')`),
    check('users_balance_nonnegative', sql`${t.balance} >= 0`),
    check('users_trading_balance_nonnegative', sql`${t.tradingBalance} >= 0`),
    check('users_profit_balance_nonnegative', sql`${t.profitBalance} >= 0`),
    check('users_bonus_nonnegative', sql`${t.bonus} >= 0`),
    check('users_withdrawal_hold_nonnegative', sql`${t.withdrawalHold} >= 0`),
    check('users_failed_logins_nonnegative', sql`${t.failedLogins} >= 0`),
  ],
);

export type TUserRow = typeof users.$inferSelect;
