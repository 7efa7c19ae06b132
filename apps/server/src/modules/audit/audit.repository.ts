import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';

export interface TAuditRecord {
  actorId: string;
  action: string;
  targetUserId?: string | null;
  entityType?: string;
  entityId?: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** Records an admin action; call it inside the same DB transaction as the action itself. */
export async function recordAudit(db: DbOrTx, record: TAuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorId: record.actorId,
    action: record.action,
    targetUserId: record.targetUserId ?? null,
    entityType: record.entityType ?? null,
    entityId: record.entityId ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
    reason: record.reason ?? null,
  });
}
