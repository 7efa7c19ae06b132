import type { TAuditEntry } from '@meridian/contracts/balances';
import { totalPages } from '@meridian/contracts/pagination';
import type { DbOrTx } from '../../../db/client.ts';
import { toApiAuditEntry } from './audit.mapper.ts';
import { pageAudit } from './audit.repository.ts';

/**
 * The audit log admins read: newest first, optionally of one action and/or one client. Entries are
 * written by each area's service, in the transaction of the action (recordAudit).
 */
export async function pageAuditLog(
  db: DbOrTx,
  query: { page: number; limit: number; action?: string | undefined; targetUserId?: string | undefined },
): Promise<{ entries: TAuditEntry[]; totalPage: number }> {
  const { page, limit, action, targetUserId } = query;
  const { rows, total } = await pageAudit(db, { action, targetUserId }, { offset: (page - 1) * limit, limit });
  return { entries: rows.map(toApiAuditEntry), totalPage: totalPages(total, limit) };
}

// What other modules may read and write of this module's tables (docs/architecture.md, "Boundaries").
export { recordAudit } from './audit.repository.ts';
