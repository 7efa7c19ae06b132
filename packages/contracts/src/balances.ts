import { z } from 'zod';
import { requiredText, text } from './fields.ts';
import { amountField } from './methods.ts';
import { MARKET_PAIRS } from './pairs.ts';
import { POSITION_TYPES } from './position-terms.ts';

/**
 * Realised profit (docs/money.md, "Profit"): what the client's money has gained, by where it came
 * from: payouts paid by plans, closed positions' results (gains less losses) and settled signal
 * trades' results (returns less lost entries). Admin credits to the profit balance are not in it.
 */
export const ZRealisedProfit = z.object({
  total: z.number(),
  plans: z.number(),
  positions: z.number(),
  signals: z.number(),
});
export type TRealisedProfit = z.infer<typeof ZRealisedProfit>;

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
  realisedProfit: ZRealisedProfit,
  /** What the operator credited to the profit balance (Add Profit): an adjustment, not profit earned. */
  profitCredits: z.number(),
});
export type TBalanceSummary = z.infer<typeof ZBalanceSummary>;

/**
 * An open position as equity values it: its terms (so the web can value it again at live prices,
 * with `unrealisedPnl` of position-terms.ts), the price the server valued it at (its closing side: a
 * buy's bid, a sell's ask) and that price's time (null: no price known yet, valued at its entry), and
 * the result at that price.
 */
export const ZEquityPosition = z.object({
  id: z.uuid(),
  asset: z.enum(MARKET_PAIRS),
  type: z.enum(POSITION_TYPES),
  /** The margin, in dollars. */
  amount: z.number(),
  leverage: z.number().int(),
  entryPrice: z.number(),
  price: z.number().nullable(),
  priceTime: z.iso.datetime().nullable(),
  unrealisedPnl: z.number(),
});
export type TEquityPosition = z.infer<typeof ZEquityPosition>;

/**
 * GET /equity/{userId}: the account header (docs/money.md, "Equity"). equity = cash + bonus +
 * invested + margin + stakes + orders + tradingDifference + unrealisedPnl, which is the ledger's balance,
 * profit, bonus and trading accounts plus the open positions' results at the latest prices. The
 * withdrawal hold is not in it (money on its way out) and is answered beside it, as is withdrawable.
 */
export const ZEquity = z.object({
  equity: z.number(),
  /** Account balance + profit balance: the cash the client can use or withdraw. */
  cash: z.number(),
  bonus: z.number(),
  /** Funded investments whose principal has not come back (Pending or Approved, not matured). */
  invested: z.number(),
  /** The margins of open positions. */
  margin: z.number(),
  /** Entries in signals not settled yet. */
  stakes: z.number(),
  /** The margins held for pending orders (docs/money.md, "Pending orders"). */
  orders: z.number(),
  /** The ledger's trading account, which invested + margin + stakes + orders make up. */
  tradingAccount: z.number(),
  /**
   * tradingAccount − (invested + margin + stakes + orders): 0, except after an admin's Clear Balance emptied
   * the trading account while money was committed (negative: that money will not come back).
   */
  tradingDifference: z.number(),
  unrealisedPnl: z.number(),
  positions: z.array(ZEquityPosition),
  /**
   * Margin level (docs/money.md, "Margin level"): (cash + margin + unrealisedPnl) as a percent of
   * margin; null with no open position. And the operator's margin-call and close-out levels.
   */
  marginLevel: z.number().nullable(),
  marginCallLevel: z.number(),
  closeOutLevel: z.number(),
  withdrawable: z.number(),
  withdrawalHold: z.number(),
  realisedProfit: z.number(),
  /** When the server valued the account. */
  asOf: z.iso.datetime(),
});
export type TEquity = z.infer<typeof ZEquity>;

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
  'staff.create',
  'approval.request',
  'approval.approve',
  'approval.reject',
  'staff.role',
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
  'reserve.snapshot',
  'reserve.declare',
  'reserve.remove',
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
