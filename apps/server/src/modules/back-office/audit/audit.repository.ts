import type { TAuditAction } from '@meridian/contracts/balances';
import { replaceForbiddenCharacters } from '@meridian/contracts/fields';
import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { insertRows } from '../../../db/group-commit.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { users } from '../../../db/schema/users.ts';

export interface TAuditRecord {
  actorId: string;
  action: TAuditAction;
  targetUserId?: string | null;
  entityType?: string;
  entityId?: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * A value as the jsonb column stores it: its JSON form (dates as strings, `undefined` dropped), with
 * every string and key cleared of what PostgreSQL refuses in text and jsonb (NUL, other C0 controls,
 * lone surrogates), each replaced by U+FFFD. What a request carried never makes the audit write fail.
 */
export function toAuditJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  const json = JSON.stringify(value);
  return json === undefined ? null : cleanJson(JSON.parse(json));
}

function cleanJson(value: unknown): unknown {
  if (typeof value === 'string') return replaceForbiddenCharacters(value);
  if (Array.isArray(value)) return value.map(cleanJson);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [replaceForbiddenCharacters(key), cleanJson(inner)]),
    );
  }
  return value;
}

/** Records an admin action; call it inside the same DB transaction as the action itself. */
export async function recordAudit(db: DbOrTx, record: TAuditRecord): Promise<void> {
  const text = (value: string | null | undefined) => (value == null ? null : replaceForbiddenCharacters(value));
  await insertRows(db, auditLog, [
    {
      actorId: record.actorId,
      action: record.action,
      targetUserId: record.targetUserId ?? null,
      entityType: text(record.entityType),
      entityId: text(record.entityId),
      before: toAuditJson(record.before),
      after: toAuditJson(record.after),
      reason: text(record.reason),
    },
  ]);
}

export interface TAuditPerson {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
}

export type TAuditRow = typeof auditLog.$inferSelect & { actor: TAuditPerson | null; target: TAuditPerson | null };

const actors = alias(users, 'actor');
const targets = alias(users, 'target');

/**
 * One page of the audit log, newest first, optionally of one action and/or one client, with the
 * names of who did it and to whom. Served by the (action|target_user_id, created_at) indexes.
 */
export async function pageAudit(
  db: DbOrTx,
  filter: { action?: string | undefined; targetUserId?: string | undefined },
  page: { offset: number; limit: number },
): Promise<{ rows: TAuditRow[]; total: number }> {
  const where = and(
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
    filter.targetUserId === undefined ? undefined : eq(auditLog.targetUserId, filter.targetUserId),
  );
  const rows = await db
    .select({
      entry: auditLog,
      actor: { id: actors.id, firstname: actors.firstname, lastname: actors.lastname, email: actors.email },
      target: { id: targets.id, firstname: targets.firstname, lastname: targets.lastname, email: targets.email },
    })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .leftJoin(targets, eq(targets.id, auditLog.targetUserId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ n: count() }).from(auditLog).where(where);
  return {
    rows: rows.map((r) => ({ ...r.entry, actor: r.actor, target: r.target })),
    total: counted?.n ?? 0,
  };
}
