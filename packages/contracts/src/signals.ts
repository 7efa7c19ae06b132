import { z } from 'zod';
import { requiredText, text } from './fields.ts';
import type { TMessageKey } from './messages.ts';
import { amountField } from './methods.ts';
import { toCents } from './money.ts';
import { MARKET_PAIRS, priceFits } from './pairs.ts';

/**
 * Trading signals (docs/money.md, "Positions and signals"): an admin publishes a call on a pair
 * (entry, target, return); clients join it with an entry amount before it opens; it settles from
 * the stored 1-minute candles: gain when the price touched the target while it was active.
 */

export const SIGNAL_STATUSES = ['pending', 'active', 'completed'] as const;
export type TSignalStatus = (typeof SIGNAL_STATUSES)[number];
export const SIGNAL_RESULTS = ['gain', 'loss'] as const;
export type TSignalResult = (typeof SIGNAL_RESULTS)[number];
export const SIGNAL_TRADE_STATUSES = ['active', 'completed'] as const;
/** The minimum entry a new signal gets unless the admin sets another. */
export const SIGNAL_MIN_ENTRY_DEFAULT = 100;
/** Fill Sample Data: opens this long from now and closes this long from now. */
export const SIGNAL_SAMPLE_SCHEDULE_MINUTES = 30;
export const SIGNAL_SAMPLE_CLOSING_MINUTES = 4 * 60;
/** A signal's return is a percent with at most 1 decimal, above 0 and at most this. */
export const SIGNAL_RETURN_MAX = 1000;

/** Expected profit of an entry: amount × percentageReturn / 100, in cents rounded half up. */
export function signalExpectedReturnCents(entryCents: bigint, percentageReturn: number): bigint {
  const tenths = BigInt(Math.round(percentageReturn * 10));
  return (entryCents * tenths + 500n) / 1000n;
}

const priceField = (required: TMessageKey) =>
  z.coerce.number({ error: required }).refine((v) => Number.isFinite(v) && v > 0, { error: required });

/**
 * A time with its offset (the browser sends its local time as ISO with the zone), kept to the minute:
 * seconds are dropped, so a signal's window is made of whole 1-minute candles.
 */
const timeField = (required: TMessageKey) =>
  text(required)
    .refine((v) => z.iso.datetime({ offset: true }).safeParse(v).success, { error: required })
    .transform((v) => {
      const time = new Date(v);
      time.setUTCSeconds(0, 0);
      return time.toISOString();
    });

/**
 * Create Signal (admin). Every field is required. Prices take the pair's decimals; the return 1
 * decimal; the minimum entry at least 1. Times are kept to the minute (seconds dropped), opening in
 * the future and closing after opening.
 */
export const ZSignalInput = z
  .strictObject({
    title: requiredText('validation.signalTitleRequired', 120),
    description: requiredText('validation.descriptionRequired', 2000),
    asset: z.enum(MARKET_PAIRS, { error: 'validation.assetRequired' satisfies TMessageKey }),
    entryPrice: priceField('validation.entryPriceRequired'),
    targetPrice: priceField('validation.targetPriceRequired'),
    percentageReturn: z.coerce
      .number({ error: 'validation.percentageReturnRequired' satisfies TMessageKey })
      .refine(
        (v) => Number.isFinite(v) && v > 0 && v <= SIGNAL_RETURN_MAX && Math.abs(v * 10 - Math.round(v * 10)) < 1e-9,
        {
          error: 'validation.percentageReturnRange' satisfies TMessageKey,
        },
      ),
    minEntryAmount: amountField('validation.minEntryAmountRequired')
      .refine((v) => (toCents(v) ?? 0n) >= 100n, { error: 'validation.minEntryAmountMin' satisfies TMessageKey })
      .default(SIGNAL_MIN_ENTRY_DEFAULT),
    scheduleTime: timeField('validation.scheduleTimeRequired'),
    closingTime: timeField('validation.closingTimeRequired'),
  })
  .superRefine((v, ctx) => {
    if (!priceFits(v.asset, v.entryPrice))
      ctx.addIssue({ code: 'custom', path: ['entryPrice'], message: 'validation.priceDecimals' satisfies TMessageKey });
    if (!priceFits(v.asset, v.targetPrice))
      ctx.addIssue({
        code: 'custom',
        path: ['targetPrice'],
        message: 'validation.priceDecimals' satisfies TMessageKey,
      });
    if (v.targetPrice === v.entryPrice)
      ctx.addIssue({
        code: 'custom',
        path: ['targetPrice'],
        message: 'validation.targetEqualsEntry' satisfies TMessageKey,
      });
    if (Date.parse(v.closingTime) <= Date.parse(v.scheduleTime))
      ctx.addIssue({
        code: 'custom',
        path: ['closingTime'],
        message: 'validation.closingBeforeSchedule' satisfies TMessageKey,
      });
  });
export type TSignalInput = z.input<typeof ZSignalInput>;
export type TSignalData = z.output<typeof ZSignalInput>;

/** Join: an entry of at least the signal's minimum (checked by the server, which knows it). */
export const ZJoinSignalInput = z.strictObject({
  entryAmount: amountField('validation.entryAmountRequired').refine((v) => Number(v) > 0, {
    error: 'validation.amountPositive' satisfies TMessageKey,
  }),
});
export type TJoinSignalInput = z.input<typeof ZJoinSignalInput>;

/**
 * The admin's settle action. The result must be what the stored prices say (the evidence); a result
 * that contradicts them is refused (409).
 */
export const ZSignalResultInput = z.strictObject({
  result: z.enum(SIGNAL_RESULTS, { error: 'validation.signalResultRequired' satisfies TMessageKey }),
});
export type TSignalResultInput = z.input<typeof ZSignalResultInput>;

// --- answers ------------------------------------------------------------------------------------

/**
 * What the stored candles say about a signal: the direction of its target (`up` when the target is
 * above the entry), the extreme price reached in that direction between `scheduleTime` and
 * `closingTime` (so far) and the minute it was reached, whether the target was touched and when
 * first, and the result that follows, or null while it cannot be decided yet (before closing with
 * the target not yet touched, or when the price feed is stale).
 */
export const ZSignalEvidence = z.object({
  direction: z.enum(['up', 'down']),
  extremePrice: z.number().nullable(),
  extremeTime: z.iso.datetime().nullable(),
  touchedAt: z.iso.datetime().nullable(),
  /** 1-minute candles the evidence rests on. */
  candles: z.number().int(),
  /** Up to when (exclusive) the candles were read. */
  until: z.iso.datetime(),
  result: z.enum(SIGNAL_RESULTS).nullable(),
});
export type TSignalEvidence = z.infer<typeof ZSignalEvidence>;

export const ZSignal = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  asset: z.enum(MARKET_PAIRS),
  entryPrice: z.number(),
  targetPrice: z.number(),
  percentageReturn: z.number(),
  minEntryAmount: z.number(),
  scheduleTime: z.iso.datetime(),
  closingTime: z.iso.datetime(),
  status: z.enum(SIGNAL_STATUSES),
  result: z.enum(SIGNAL_RESULTS).nullable(),
  /** The evidence the result was settled on (null until settled). */
  evidence: ZSignalEvidence.nullable(),
  settledAt: z.iso.datetime().nullable(),
  /** Clients who joined, and their entries in dollars. */
  participants: z.number().int(),
  totalEntries: z.number(),
  /** In client answers: this client has joined it. */
  joined: z.boolean().optional(),
  createdAt: z.iso.datetime(),
});
export type TSignal = z.infer<typeof ZSignal>;
export const ZSignalList = z.object({ signals: z.array(ZSignal) });
export type TSignalList = z.infer<typeof ZSignalList>;
export const ZSignalAnswer = z.object({ message: z.string(), signal: ZSignal });
export type TSignalAnswer = z.infer<typeof ZSignalAnswer>;
export const ZSignalEvidenceAnswer = z.object({ signal: ZSignal, evidence: ZSignalEvidence });
export type TSignalEvidenceAnswer = z.infer<typeof ZSignalEvidenceAnswer>;

export const ZSignalTrade = z.object({
  id: z.uuid(),
  signalId: z.object({ id: z.uuid(), title: z.string(), asset: z.enum(MARKET_PAIRS) }),
  entryAmount: z.number(),
  expectedReturn: z.number(),
  /**
   * Gain: the expected return; loss: minus the entry; 0 until settled (`settledAt` null), as the
   * specification's record has it: its screens format the number whatever the status.
   */
  actualReturn: z.number(),
  status: z.enum(SIGNAL_TRADE_STATUSES),
  result: z.enum(SIGNAL_RESULTS).nullable(),
  createdAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
});
export type TSignalTrade = z.infer<typeof ZSignalTrade>;
export const ZSignalTradeList = z.object({ trades: z.array(ZSignalTrade) });
export type TSignalTradeList = z.infer<typeof ZSignalTradeList>;
export const ZSignalJoinAnswer = z.object({ message: z.string(), trade: ZSignalTrade });
export type TSignalJoinAnswer = z.infer<typeof ZSignalJoinAnswer>;
