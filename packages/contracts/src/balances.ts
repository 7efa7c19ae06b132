import { z } from 'zod';
import { requiredText, text } from './fields.ts';
import { amountField } from './methods.ts';

/**
 * GET /balance/{userId}: every part of a client's money in dollars (docs/money.md). Total balance is
 * balance + profit + bonus; withdrawable is balance + profit; the hold is money of pending withdrawals.
 */
export const ZBalanceSummary = z.object({
  balance: z.number(),
  tradingBalance: z.number(),
  profitBalance: z.number(),
  bonus: z.number(),
  withdrawalHold: z.number(),
  totalBalance: z.number(),
  withdrawable: z.number(),
  totalDeposit: z.number(),
  totalWithdrawal: z.number(),
  totalInvestment: z.number(),
});
export type TBalanceSummary = z.infer<typeof ZBalanceSummary>;

const reason = requiredText('validation.reasonRequired', 500);

/** Credit Account and Debit Account, with the reason our ledger requires. */
export const ZAdjustmentInput = z.strictObject({ amount: amountField('validation.amountRequired'), reason });
export type TAdjustmentInput = z.input<typeof ZAdjustmentInput>;
/** Clear Balance moves every balance of the client back to the platform. */
export const ZClearBalancesInput = z.strictObject({ reason });
export type TClearBalancesInput = z.input<typeof ZClearBalancesInput>;

export const AUDIT_ACTIONS = [
  'balance.credit',
  'balance.debit',
  'balance.profit',
  'balance.clear',
  'deposit.status',
  'deposit.delete',
  'withdrawal.status',
  'withdrawal.payoutReference',
  'withdrawal.delete',
  'depositMethod.create',
  'depositMethod.update',
  'depositMethod.delete',
  'withdrawalMethod.create',
  'withdrawalMethod.update',
  'withdrawalMethod.delete',
  'message.send',
  'supportMessage.delete',
  'client.create',
  'client.update',
  'client.close',
  'client.activate',
  'client.deactivate',
  'client.verify',
  'client.unverify',
  'client.withdrawals',
  'client.alert',
  'client.passwordReset',
  'client.twoFactorReset',
  'client.avatar',
  'client.sessionsEnd',
  'kyc.approve',
  'kyc.reject',
  'mail.resend',
  'unlock.approve',
  'unlock.reject',
  'plan.create',
  'plan.update',
  'plan.delete',
  'investment.status',
  'upgrade.approve',
  'upgrade.reject',
  'trade.reject',
  'trade.process',
  'position.close',
  'signal.create',
  'signal.settle',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

export const ZAuditEntry = z.object({
  id: z.uuid(),
  action: z.string(),
  actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  target: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  action: text().max(64).optional(),
  targetUserId: z.uuid().optional(),
});
export const ZAuditPage = z.object({ entries: z.array(ZAuditEntry), totalPage: z.number().int() });
