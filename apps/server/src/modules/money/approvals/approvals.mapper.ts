import type { TApproval } from '@meridian/contracts/approvals';
import { fromCents } from '@meridian/contracts/money';
import type { TApprovalListRow } from './approvals.repository.ts';

const nameOf = (first: string, last: string) => `${first} ${last}`.trim();

export function toApiApproval(row: TApprovalListRow): TApproval {
  const a = row.approval;
  return {
    id: a.id,
    kind: a.kind,
    client: { id: a.userId, name: nameOf(row.clientFirstname, row.clientLastname), email: row.clientEmail },
    transactionId: a.transactionId,
    amount: fromCents(a.amount),
    reason: a.reason,
    reference: a.reference,
    status: a.status,
    requestedBy: { id: a.requestedBy, name: nameOf(row.requesterFirstname, row.requesterLastname) },
    requestedAt: a.requestedAt.toISOString(),
    decidedBy:
      a.decidedBy && row.deciderFirstname !== null && row.deciderLastname !== null
        ? { id: a.decidedBy, name: nameOf(row.deciderFirstname, row.deciderLastname) }
        : null,
    decidedAt: a.decidedAt?.toISOString() ?? null,
    note: a.note,
  };
}
