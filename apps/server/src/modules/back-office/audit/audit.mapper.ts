import type { TAuditEntry } from '@meridian/contracts/balances';
import type { TAuditPerson, TAuditRow } from './audit.repository.ts';

const named = (p: TAuditPerson | null) =>
  p ? { id: p.id, name: `${p.firstname} ${p.lastname}`, email: p.email } : null;

/** An audit entry as admins read it: who did it and to whom by name, what changed. */
export function toApiAuditEntry(row: TAuditRow): TAuditEntry {
  return {
    id: row.id,
    action: row.action,
    actor: named(row.actor),
    target: named(row.target),
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}
