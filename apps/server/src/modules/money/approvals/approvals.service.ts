import { randomUUID } from 'node:crypto';
import type { TApproval, TApprovalPage, TApprovalQuery } from '@meridian/contracts/approvals';
import { ZApprovalQuery } from '@meridian/contracts/approvals';
import { fromCents } from '@meridian/contracts/money';
import { totalPages } from '@meridian/contracts/pagination';
import { type Db, type DbOrTx, inTransaction, type Tx } from '../../../db/client.ts';
import type { TApprovalRow } from '../../../db/schema/approvals.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import { toApiApproval } from './approvals.mapper.ts';
import {
  findApprovalListRow,
  findPendingApprovalOf,
  insertApproval,
  lockApproval,
  pageApprovalRows,
  rejectPendingApprovalOf,
  setApprovalDecision,
  type TNewApproval,
} from './approvals.repository.ts';

/**
 * Four-eyes approval (docs/money.md, "Four-eyes approval"). A money action above the operator's
 * threshold is not run when a staff member asks for it: it is stored here, waiting. A second staff
 * member approves it, and the action then runs in the approval's own DB transaction (with every
 * check it makes when run directly: a debit still needs the balance), or rejects it, and nothing
 * moves. The one who asked never approves (refused here, and by a database check); both the request
 * and the decision are in the audit log.
 */

/**
 * How a money action meets four eyes: asked for by a staff member (it waits when its amount is above
 * `above`; null: never), or run by an approval a second staff member gave.
 */
export type TFourEyes = { above: bigint | null } | { approvedIn: string };

/** What an asked-for money action did: ran, or waits for a second staff member's approval. */
export type TActionOutcome = 'done' | 'waiting';

/** Asked for, above the threshold: the action must wait for a second staff member. */
export function mustWait(fourEyes: TFourEyes, amount: bigint): boolean {
  return 'above' in fourEyes && fourEyes.above !== null && amount > fourEyes.above;
}

/**
 * Stores the action as waiting, with its audit entry, in the caller's transaction (a group-commit
 * batch writes both at its end). Answers the approval's id.
 */
export async function requestApproval(db: DbOrTx, request: Omit<TNewApproval, 'id'>): Promise<string> {
  const id = randomUUID();
  await insertApproval(db, { id, ...request });
  await recordAudit(db, {
    actorId: request.requestedBy,
    action: 'approval.request',
    targetUserId: request.userId,
    entityType: 'approval',
    entityId: id,
    after: {
      status: 'Pending',
      approvalKind: request.kind,
      amount: fromCents(request.amount),
      ...(request.reason ? { reason: request.reason } : {}),
      ...(request.reference ? { reference: request.reference } : {}),
    },
  });
  return id;
}

/** The approval already waiting for a withdrawal: asking again to complete it does not ask twice. */
export { findPendingApprovalOf };

/**
 * A withdrawal that was declined or deleted leaves nothing to approve: what waited for it is
 * rejected, by the one who declined it.
 */
export async function closeApprovalOf(tx: Tx, transactionId: string, actorId: string): Promise<void> {
  if (await rejectPendingApprovalOf(tx, transactionId, actorId)) {
    await recordAudit(tx, {
      actorId,
      action: 'approval.reject',
      entityType: 'transaction',
      entityId: transactionId,
      before: { status: 'Pending' },
      after: { status: 'Rejected' },
    });
  }
}

/** What an approved action runs: given by the caller, so this module depends on none of the actions' modules. */
export type TApprovedAction = (tx: Tx, approval: TApprovalRow) => Promise<void>;

/** Approves a waiting action and runs it, both in one transaction; a failing action leaves it waiting. */
export async function approve(db: DbOrTx, approverId: string, id: string, run: TApprovedAction): Promise<TApproval> {
  await inTransaction(db, async (tx) => {
    const row = await decidable(tx, id);
    if (row.requestedBy === approverId) throw new AppError('CONFLICT', 'approvals.ownRequest');
    await run(tx, row);
    await setApprovalDecision(tx, id, { status: 'Approved', decidedBy: approverId });
    await auditDecision(tx, approverId, row, 'Approved');
  });
  return answer(db, id);
}

/** Rejects a waiting action with a note; nothing moves. The one who asked may withdraw their own request this way. */
export async function reject(db: DbOrTx, actorId: string, id: string, note: string): Promise<TApproval> {
  await inTransaction(db, async (tx) => {
    const row = await decidable(tx, id);
    await setApprovalDecision(tx, id, { status: 'Rejected', decidedBy: actorId, note });
    await auditDecision(tx, actorId, row, 'Rejected', note);
  });
  return answer(db, id);
}

export async function pageApprovals(db: Db, query: TApprovalQuery): Promise<TApprovalPage> {
  const { status, page, limit } = ZApprovalQuery.parse(query);
  const { rows, total } = await pageApprovalRows(db, status, page, limit);
  return { approvals: rows.map(toApiApproval), totalPage: totalPages(total, limit) };
}

async function decidable(tx: Tx, id: string): Promise<TApprovalRow> {
  const row = await lockApproval(tx, id);
  if (!row) throw notFound();
  if (row.status !== 'Pending') throw new AppError('CONFLICT', 'approvals.decided');
  return row;
}

async function auditDecision(
  tx: Tx,
  actorId: string,
  row: TApprovalRow,
  status: 'Approved' | 'Rejected',
  note?: string,
): Promise<void> {
  await recordAudit(tx, {
    actorId,
    action: status === 'Approved' ? 'approval.approve' : 'approval.reject',
    targetUserId: row.userId,
    entityType: 'approval',
    entityId: row.id,
    before: { status: 'Pending', approvalKind: row.kind, amount: fromCents(row.amount) },
    after: { status, approvalKind: row.kind, amount: fromCents(row.amount) },
    ...(note ? { reason: note } : {}),
  });
}

async function answer(db: DbOrTx, id: string): Promise<TApproval> {
  const row = await findApprovalListRow(db, id);
  if (!row) throw notFound();
  return toApiApproval(row);
}
