import { z } from 'zod';
import { text } from './fields.ts';
import type { TMessageKey } from './messages.ts';
import { ZPageQuery } from './pagination.ts';

/**
 * Four-eyes approval (docs/money.md, "Four-eyes approval"): a large withdrawal's completion or a
 * large balance action one staff member asks for waits for a second one's decision; nothing moves
 * before it is approved, and the one who asked cannot approve it.
 */
export const APPROVAL_KINDS = ['withdrawal', 'credit', 'debit', 'profit', 'clear'] as const;
export type TApprovalKind = (typeof APPROVAL_KINDS)[number];

export const APPROVAL_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type TApprovalStatus = (typeof APPROVAL_STATUSES)[number];

const ZPerson = z.object({ id: z.uuid(), name: z.string() });

export const ZApproval = z.object({
  id: z.uuid(),
  kind: z.enum(APPROVAL_KINDS),
  client: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  /** The withdrawal it completes (kind `withdrawal`). */
  transactionId: z.uuid().nullable(),
  /** Dollars asked for; for Clear Balance, what the balances held when it was asked. */
  amount: z.number(),
  /** The balance action's reason, as the client will read it. */
  reason: z.string().nullable(),
  /** The payout's hash or reference given with a withdrawal's completion. */
  reference: z.string().nullable(),
  status: z.enum(APPROVAL_STATUSES),
  requestedBy: ZPerson,
  requestedAt: z.iso.datetime(),
  decidedBy: ZPerson.nullable(),
  decidedAt: z.iso.datetime().nullable(),
  /** Why it was rejected. */
  note: z.string().nullable(),
});
export type TApproval = z.infer<typeof ZApproval>;

export const ZApprovalQuery = z.strictObject({
  ...ZPageQuery.shape,
  status: z.enum(APPROVAL_STATUSES).default('Pending'),
});
export type TApprovalQuery = z.input<typeof ZApprovalQuery>;

export const ZApprovalPage = z.object({ approvals: z.array(ZApproval), totalPage: z.number().int() });
export type TApprovalPage = z.infer<typeof ZApprovalPage>;

export const ZRejectApprovalInput = z.strictObject({
  note: text('approvals.noteRequired')
    .trim()
    .min(1, { error: 'approvals.noteRequired' satisfies TMessageKey })
    .max(500, { error: 'validation.tooLong' satisfies TMessageKey }),
});
export type TRejectApprovalInput = z.input<typeof ZRejectApprovalInput>;

export const ZApprovalAnswer = z.object({ message: z.string(), approval: ZApproval });
export type TApprovalAnswer = z.infer<typeof ZApprovalAnswer>;
