import { isBlank } from './audit-values';

/** One field that an admin action changed; `undefined` means the field was absent on that side. */
export interface TChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface TChangeSummary {
  changes: TChange[];
  /** An amount both sides share (e.g. of a withdrawal whose status changed): context, not a change. */
  amount?: unknown;
}

const MAX_CHANGES = 6;
/** Bookkeeping fields that say nothing to the reader (the entry names its record and client already). */
const IGNORED = new Set(['id', 'userId', 'createdAt', 'updatedAt']);

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The state before and after an admin action, reduced to what changed: the fields whose value
 * differs. A created record lists its fields with nothing before, a deleted one with nothing after,
 * leaving out the empty ones. Plain values compare as one change named ''. An amount both states
 * carry unchanged, or only the state before (a deleted withdrawal), is context, not a change.
 */
export function summariseChange(before: unknown, after: unknown): TChangeSummary {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) {
    if (before == null && after == null) return { changes: [] };
    return { changes: same(before, after) ? [] : [{ field: '', before, after }] };
  }
  const oneSided = !b || !a;
  const amountIsContext = Boolean(b && a && 'amount' in b && (!('amount' in a) || same(b.amount, a.amount)));
  const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])].filter(
    (f) => !IGNORED.has(f) && !(amountIsContext && f === 'amount'),
  );
  const changes = fields
    .filter((field) => !same(b?.[field], a?.[field]))
    .filter((field) => !oneSided || !isBlank((b ?? a)?.[field]))
    .map((field) => ({ field, before: b?.[field], after: a?.[field] }));
  const summary: TChangeSummary = { changes: changes.slice(0, MAX_CHANGES) };
  if (amountIsContext && b) summary.amount = b.amount;
  return summary;
}
