import { z } from 'zod';
import { requiredText } from './fields.ts';
import type { TMessageKey } from './messages.ts';

/**
 * Payouts: the scheduled returns of an approved investment ("trades" in the spec's words and
 * paths). See docs/money.md, "Investments and payouts".
 */

export const PAYOUT_STATUSES = ['Pending', 'Completed', 'Rejected'] as const;
export type TPayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Trade activities cover this much time back from now. */
export const PAYOUT_ACTIVITY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The client's trade activities and the admin's upgrade requests refresh this often. */
export const PAYOUT_ACTIVITY_REFRESH_MS = 30_000;
/** Most activities the trade-activities page lists (the summary counts all of the window). */
export const PAYOUT_ACTIVITY_LIST_MAX = 100;

/** One payout ("trade"). Amounts are dollars. */
export const ZPayout = z.object({
  id: z.uuid(),
  investmentId: z.uuid(),
  userId: z.uuid(),
  /** 1-based position in its investment's schedule, of `count`. */
  sequence: z.number().int(),
  count: z.number().int(),
  /** The profit this payout pays. */
  amount: z.number(),
  /** When the investment was approved: the schedule's start. */
  createdAt: z.iso.datetime(),
  dueDate: z.iso.datetime(),
  status: z.enum(PAYOUT_STATUSES),
  /** Spec field: true once paid (Completed). */
  processed: z.boolean(),
  /** When it was paid or rejected. */
  processedAt: z.iso.datetime().nullable(),
  /** Why an admin rejected it; shown to the client. */
  reason: z.string().nullable(),
  planName: z.string(),
  /** Present in admin answers. */
  user: z.object({ id: z.uuid(), firstname: z.string(), lastname: z.string(), email: z.string() }).optional(),
});
export type TPayout = z.infer<typeof ZPayout>;

/** A page of payouts, with how many there are in all (the count cards). */
export const ZPayoutPage = z.object({ trades: z.array(ZPayout), total: z.number().int(), totalPage: z.number().int() });
export type TPayoutPage = z.infer<typeof ZPayoutPage>;

/** Reject a pending payout: it moves no money, and the client sees the reason. */
export const ZRejectPayoutInput = z.strictObject({
  reason: requiredText('validation.rejectReasonRequired', 500),
});
export type TRejectPayoutInput = z.input<typeof ZRejectPayoutInput>;

export const ZPayoutAnswer = z.object({ message: z.string(), trade: ZPayout });
export type TPayoutAnswer = z.infer<typeof ZPayoutAnswer>;
/** Process All Trades: how many due payouts this call paid. */
export const ZProcessPayoutsAnswer = z.object({ message: z.string(), processed: z.number().int() });
export type TProcessPayoutsAnswer = z.infer<typeof ZProcessPayoutsAnswer>;

/** One line of the client's trade activities: a paid payout (profit) or a rejected one (loss). */
export const ZPayoutActivity = z.object({
  id: z.uuid(),
  type: z.enum(['profit', 'loss']),
  amount: z.number(),
  processedAt: z.iso.datetime(),
  planName: z.string(),
  /** A rejected payout's reason. */
  reason: z.string().nullable(),
});
export type TPayoutActivity = z.infer<typeof ZPayoutActivity>;

export const ZPayoutActivities = z.object({
  /**
   * Over the window: `totalProfit` the payouts paid, `totalLoss` the payouts rejected (not paid; no
   * money left the account) and `netPL` the plans' realised profit, which is `totalProfit`
   * (docs/money.md, "Profit").
   */
  summary: z.object({ totalProfit: z.number(), totalLoss: z.number(), netPL: z.number() }),
  activities: z.array(ZPayoutActivity),
  /** The client's current plan. */
  plan: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The next payout due, if any (for "next payout" on the page). */
  nextPayout: z.object({ amount: z.number(), dueDate: z.iso.datetime() }).nullable(),
});
export type TPayoutActivities = z.infer<typeof ZPayoutActivities>;

export const ZPayoutIdParams = z.strictObject({ id: z.uuid({ error: 'errors.notFound' satisfies TMessageKey }) });
