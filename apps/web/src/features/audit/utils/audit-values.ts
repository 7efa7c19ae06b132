import {
  AUDIT_FIELDS,
  isAuditField,
  type TAuditEnumKind,
  type TAuditValueKind,
  USD_TEXT,
} from '@meridian/contracts/audit';
import { fromCents, toCents } from '@meridian/contracts/money';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@meridian/contracts/transaction-terms';

/** A field's kind: the listed one; for a field this version does not know, a guess from its value. */
export type TShownKind = TAuditValueKind | 'number';

/** An ISO timestamp as the server writes them (`2026-11-24T18:29:18.000Z`, with or without fraction). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

export function isIsoDateTime(value: string): boolean {
  return ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

export function kindOf(field: string, value: unknown): TShownKind {
  if (isAuditField(field)) return AUDIT_FIELDS[field];
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string' && isIsoDateTime(value)) return 'dateTime';
  if (typeof value === 'object' && value !== null) return 'record';
  return 'text';
}

/**
 * A field name for people, when it has no label (an entry of an older version): camelCase and
 * snake_case split into words, the first capitalised. `withdrawalHold` → "Withdrawal hold".
 */
export function humaniseKey(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => (i > 0 && !/^[A-Z\d]{2,}$/.test(word) ? word.toLowerCase() : word));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * US dollars of a money value: a number from the ledger, or the server's "$1,234.56" text, read
 * through integer cents. Null when it is neither.
 */
export function dollarsOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !USD_TEXT.test(value.trim())) return null;
  const text = value.trim();
  const cents = toCents(text.replace(/[-$,]/g, ''));
  if (cents === null) return null;
  return fromCents(text.startsWith('-') ? -cents : cents);
}

const TRANSACTION_STATUS_SET = new Set<string>(TRANSACTION_STATUSES);
const TRANSACTION_TYPE_SET = new Set<string>(TRANSACTION_TYPES);

/**
 * The i18n key (`ns:key`) that names one value of an enumerated field, reusing the back office's
 * own words where it has them (transaction statuses and types, adjustment kinds, KYC and unlock labels,
 * staff roles, what a four-eyes approval is for).
 */
export function enumLabelKey(kind: TAuditEnumKind, value: string): string {
  switch (kind) {
    case 'status':
      return TRANSACTION_STATUS_SET.has(value) ? `backoffice:statuses.${value}` : `audit:values.status.${value}`;
    case 'kycStatus':
      return `kyc:statusLabels.${value}`;
    case 'recordType':
      return TRANSACTION_TYPE_SET.has(value) ? `backoffice:types.${value}` : `audit:values.userType.${value}`;
    case 'direction':
      return `audit:values.direction.${value}`;
    case 'adjustmentKind':
      return `backoffice:adjustments.${value}`;
    case 'unlockKind':
      return `recovery:kinds.${value}`;
    case 'alertKind':
      return `audit:values.alert.${value}`;
    case 'staffRole':
      return `staff:roles.${value}`;
    case 'approvalKind':
      return `approvals:kinds.${value}`;
  }
}

/** The i18n key of a field's label. */
export const fieldLabelKey = (field: string) => `audit:fields.${field}`;

/** Whether a value says nothing (shown as a dash, and left out of a created or deleted record). */
export const isBlank = (value: unknown) => value === null || value === undefined || value === '';
