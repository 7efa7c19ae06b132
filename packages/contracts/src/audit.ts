import { z } from 'zod';
import { APPROVAL_KINDS } from './approvals.ts';
import { ALERT_KINDS } from './client-actions.ts';
import { KYC_STATUSES, STAFF_ROLES, USER_TYPES } from './constants.ts';
import { KYC_REVIEW_STATUSES } from './kyc.ts';
import { PAYOUT_STATUSES } from './payouts.ts';
import { UNLOCK_KINDS, UNLOCK_STATUSES } from './recovery.ts';
import { ADJUSTMENT_KINDS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from './transaction-terms.ts';

/**
 * What the before/after states of an audit entry hold (`recordAudit` in the server's areas): every
 * field an admin action writes there, with the kind of value it carries, so the back office can
 * name each field and show its value readably (a date, money, Yes/No, a status label).
 *
 * Kept honest from both sides: `apps/server/test/audit-fields.test.ts` runs every audited action
 * and checks each state it wrote against `ZAuditState` (an unlisted field, or a value not of its
 * kind, fails), and the web's label test fails on a field or value listed here without a label.
 */

/** Values a status field takes: money records', payouts', KYC submissions' and unlock requests' statuses. */
export const AUDIT_STATUSES = [
  ...new Set([...TRANSACTION_STATUSES, ...PAYOUT_STATUSES, ...KYC_REVIEW_STATUSES, ...UNLOCK_STATUSES]),
];
/** A record's `type`: a money record's type, or the account type of a created user. */
export const AUDIT_RECORD_TYPES = [...TRANSACTION_TYPES, ...USER_TYPES] as const;
export const AUDIT_DIRECTIONS = ['in', 'out'] as const;

/** The kinds of value whose every possible value has a label of its own. */
export const AUDIT_ENUM_VALUES = {
  status: AUDIT_STATUSES,
  kycStatus: KYC_STATUSES,
  recordType: AUDIT_RECORD_TYPES,
  direction: AUDIT_DIRECTIONS,
  adjustmentKind: ADJUSTMENT_KINDS,
  unlockKind: UNLOCK_KINDS,
  alertKind: ALERT_KINDS,
  staffRole: STAFF_ROLES,
  approvalKind: APPROVAL_KINDS,
} as const;
export type TAuditEnumKind = keyof typeof AUDIT_ENUM_VALUES;

/**
 * How a value reads. `number`: a plain number; `money`: US dollars, as a number or as the server's
 * "$1,234.56" text; `dateTime`: an ISO timestamp; `country`: an ISO 3166 code; `image`: a picture's address;
 * `record`: a nested record (a method, a plan, a person) whose fields are listed here too.
 */
export type TAuditValueKind =
  | 'id'
  | 'text'
  | 'number'
  | 'money'
  | 'dateTime'
  | 'boolean'
  | 'country'
  | 'image'
  | 'record'
  | TAuditEnumKind;

/** Every field the server writes into an audit entry's before/after, with its kind. */
export const AUDIT_FIELDS = {
  // Records and people (a deleted deposit, method or support message is kept whole).
  id: 'id',
  userId: 'id',
  createdAt: 'dateTime',
  updatedAt: 'dateTime',
  type: 'recordType',
  // A staff member's role (docs/security.md, "Staff roles").
  staffRole: 'staffRole',
  // What a four-eyes approval is for (docs/money.md, "Four-eyes approval").
  approvalKind: 'approvalKind',
  // A deposit method's chain watch (docs/money.md, "Deposits seen on chain"): the node by its origin only.
  watch: 'record',
  chain: 'text',
  rpcOrigin: 'text',
  // A chain watch's block explorer link template (deposit and withdrawal methods alike).
  explorerTxUrl: 'text',
  confirmations: 'number',
  xpub: 'text',
  tokenAddress: 'text',
  tokenDecimals: 'number',
  startBlock: 'number',
  status: 'status',
  amount: 'money',
  direction: 'direction',
  adjustmentKind: 'adjustmentKind',
  reason: 'text',
  // A transfer's hash or reference on its network, and a deposit's sending address.
  reference: 'text',
  senderAddress: 'text',
  depositMethod: 'record',
  withdrawalMethod: 'record',
  investmentPlan: 'record',
  user: 'record',
  name: 'text',
  value: 'text',
  description: 'text',
  minAmount: 'money',
  maxAmount: 'money',
  // An investment plan's terms: interest in percent, duration in days, payouts a day.
  interest: 'number',
  duration: 'number',
  noOfTimes: 'number',
  message: 'text',
  subject: 'text',
  // Balances (credit, debit, profit, clear, closing an account).
  balance: 'money',
  tradingBalance: 'money',
  profitBalance: 'money',
  bonus: 'money',
  withdrawalHold: 'money',
  // A client's details and account state.
  firstname: 'text',
  lastname: 'text',
  username: 'text',
  email: 'text',
  phone: 'text',
  country: 'country',
  address: 'text',
  profile: 'image',
  isActive: 'boolean',
  isVerified: 'boolean',
  kycStatus: 'kycStatus',
  withdrawalEnabled: 'boolean',
  closed: 'boolean',
  personalDataErased: 'boolean',
  deleted: 'boolean',
  // Dashboard alerts: which one, whether it is on, and its text.
  alert: 'alertKind',
  maintenanceAlert: 'boolean',
  maintenanceAlertMessage: 'text',
  securityAlert: 'boolean',
  securityAlertMessage: 'text',
  planUpgradeAlert: 'boolean',
  planUpgradeAlertMessage: 'text',
  // Payouts: how many Process All Trades paid; whether a rejection matured the investment.
  processed: 'number',
  matured: 'boolean',
  // Unlock requests and password reset links.
  kind: 'unlockKind',
  codeExpiresAt: 'dateTime',
  linkSent: 'boolean',
  // Ending a client's sessions: how many live sessions ended.
  sessionsEnded: 'number',
  expiresAt: 'dateTime',
  // Position and Signal records: the pair traded and the result in dollars once closed or settled,
  // and why a position closed.
  asset: 'text',
  pnl: 'money',
  closeReason: 'text',
  // Trading signals: the terms a signal was created with; its result and the prices it rests on.
  title: 'text',
  entryPrice: 'number',
  targetPrice: 'number',
  percentageReturn: 'number',
  minEntryAmount: 'money',
  scheduleTime: 'dateTime',
  closingTime: 'dateTime',
  result: 'text',
  extremePrice: 'number',
  extremeTime: 'dateTime',
  touchedAt: 'dateTime',
  // Proof of reserves (docs/money.md, "Proof of reserves"): a declared reserve and a snapshot taken.
  label: 'text',
  evidence: 'text',
  root: 'text',
  leafCount: 'number',
  liabilities: 'money',
  assets: 'money',
} as const satisfies Record<string, TAuditValueKind>;
export type TAuditField = keyof typeof AUDIT_FIELDS;

/** The field names, in the order above. */
export const AUDIT_FIELD_NAMES = Object.keys(AUDIT_FIELDS) as TAuditField[];

/** Whether `field` is one the server writes (and so has a label and a kind). */
export function isAuditField(field: string): field is TAuditField {
  return Object.hasOwn(AUDIT_FIELDS, field);
}

/** The dollar text the server writes for some amounts (`formatUsd`): "$1,234.56", "-$5.00". */
export const USD_TEXT = /^-?\$\d{1,3}(?:,\d{3})*\.\d{2}$/;

const KIND_SCHEMAS: Record<Exclude<TAuditValueKind, 'record'>, z.ZodType> = {
  id: z.uuid(),
  text: z.string(),
  number: z.number(),
  money: z.union([z.number(), z.string().regex(USD_TEXT)]),
  dateTime: z.iso.datetime({ offset: true }),
  boolean: z.boolean(),
  // Empty for an account that never gave one.
  country: z.string().regex(/^(?:[A-Z]{2})?$/),
  image: z.string(),
  status: z.enum(AUDIT_STATUSES),
  kycStatus: z.enum(KYC_STATUSES),
  recordType: z.enum(AUDIT_RECORD_TYPES),
  direction: z.enum(AUDIT_DIRECTIONS),
  adjustmentKind: z.enum(ADJUSTMENT_KINDS),
  unlockKind: z.enum(UNLOCK_KINDS),
  alertKind: z.enum(ALERT_KINDS),
  staffRole: z.enum(STAFF_ROLES),
  approvalKind: z.enum(APPROVAL_KINDS),
};

/**
 * An audit state as the server writes it: only listed fields, each of its kind or null, nested
 * records alike. The API answers states as they were stored (`ZAuditEntry`: unknown), since older
 * entries may hold fields no longer written; this schema is what the server must write now.
 */
export const ZAuditState: z.ZodType<Partial<Record<TAuditField, unknown>>> = z.lazy(() =>
  z.strictObject(
    Object.fromEntries(
      AUDIT_FIELD_NAMES.map((field) => {
        const kind: TAuditValueKind = AUDIT_FIELDS[field];
        const schema = kind === 'record' ? ZAuditState : KIND_SCHEMAS[kind];
        return [field, schema.nullable().optional()];
      }),
    ),
  ),
);
