import { z } from 'zod';
import { requiredText } from './fields.ts';
import type { TMessageKey } from './messages.ts';
import { amountField } from './methods.ts';
import { fromCents, toCents } from './money.ts';
import { MARKET_PAIRS, PAIR_DECIMALS, type TPair } from './pairs.ts';

/**
 * Leveraged positions on the trading pairs (docs/money.md, "Positions and signals"). The client puts
 * up a margin (`amount`), chooses a leverage and an expiration; the outcome comes from market prices.
 */

/** How long a position may stay open, in minutes (30 minutes to 1 year). */
export const POSITION_DURATIONS = [30, 60, 240, 720, 1440, 4320, 10080, 20160, 43200, 129600, 259200, 525600] as const;
export type TPositionDuration = (typeof POSITION_DURATIONS)[number];
/** Leverage choices, shown as 1:n. */
export const LEVERAGES = [1, 2, 5, 10] as const;
export type TLeverage = (typeof LEVERAGES)[number];
export const POSITION_TYPES = ['buy', 'sell'] as const;
export type TPositionType = (typeof POSITION_TYPES)[number];
export const POSITION_STATUSES = ['open', 'closed'] as const;
export type TPositionStatus = (typeof POSITION_STATUSES)[number];
/**
 * Why a position closed: its expiration came; its loss reached its margin (stop-out); the client
 * closed it; an admin closed it at market with a reason.
 */
export const CLOSE_REASONS = ['expired', 'stop_out', 'client', 'admin'] as const;
export type TCloseReason = (typeof CLOSE_REASONS)[number];

// --- the arithmetic both sides use ---------------------------------------------------------------

/** A price as an integer count of the pair's smallest unit (10^-decimals), exactly. */
export function priceUnits(pair: TPair, price: number): bigint {
  return BigInt(Math.round(price * 10 ** PAIR_DECIMALS[pair]));
}

/** Division of integers rounded half away from zero. */
function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
}

/**
 * P&L of a position in integer cents: side × (exit − entry) / entry × margin × leverage, rounded
 * half away from zero to the cent, never below −margin (the client cannot lose more than the margin).
 */
export function positionPnlCents(p: {
  pair: TPair;
  type: TPositionType;
  entryPrice: number;
  exitPrice: number;
  marginCents: bigint;
  leverage: number;
}): bigint {
  const entry = priceUnits(p.pair, p.entryPrice);
  const exit = priceUnits(p.pair, p.exitPrice);
  if (entry <= 0n) throw new Error('positionPnlCents: entry price must be positive');
  const side = p.type === 'buy' ? 1n : -1n;
  const pnl = divRound(side * (exit - entry) * p.marginCents * BigInt(p.leverage), entry);
  return pnl < -p.marginCents ? -p.marginCents : pnl;
}

/**
 * The price at which the loss reaches the whole margin (stop-out): entry × (1 − 1/leverage) for a
 * buy, entry × (1 + 1/leverage) for a sell, in the pair's decimals (a buy rounded up, a sell down,
 * so the position is never allowed past its margin). A buy at 1:1 has none: it would need a price of 0.
 */
export function stopOutPrice(pair: TPair, type: TPositionType, entryPrice: number, leverage: number): number | null {
  const entry = priceUnits(pair, entryPrice);
  const l = BigInt(leverage);
  const scale = 10 ** PAIR_DECIMALS[pair];
  if (type === 'buy') {
    if (leverage <= 1) return null;
    const units = (entry * (l - 1n) + l - 1n) / l; // ceil
    return Number(units) / scale;
  }
  return Number((entry * (l + 1n)) / l) / scale; // floor
}

/** The stop-out price has been reached by `price` (a buy falls to it, a sell rises to it). */
export function isStoppedOut(type: TPositionType, stopPrice: number | null, price: number): boolean {
  if (stopPrice === null) return false;
  return type === 'buy' ? price <= stopPrice : price >= stopPrice;
}

/**
 * What an open position would make if it closed now at `quote`'s mid (the price a close takes), in
 * dollars, by the formula above. Null without a price or with a stale one: nothing closes on it.
 */
export function unrealisedPnl(
  position: { asset: TPair; type: TPositionType; entryPrice: number; amount: number; leverage: number },
  quote: { mid: number; stale: boolean } | undefined,
): number | null {
  if (!quote || quote.stale) return null;
  const marginCents = toCents(position.amount);
  if (marginCents === null || position.entryPrice <= 0) return null;
  return fromCents(
    positionPnlCents({
      pair: position.asset,
      type: position.type,
      entryPrice: position.entryPrice,
      exitPrice: quote.mid,
      marginCents,
      leverage: position.leverage,
    }),
  );
}

/** A closed position's result in dollars: its profit, or minus its loss. */
export function realisedPnl(position: { profit: number; loss: number; isLoss: boolean }): number {
  return position.isLoss ? -position.loss : position.profit;
}

// --- requests -----------------------------------------------------------------------------------

/**
 * One of `values`, as a JSON number: `true` or `"2"` is refused with the field's message. A form
 * body (urlencoded or multipart) carries only strings; the server turns a field's decimal string
 * into a number first where the schema asks for one (form-body.ts).
 */
const choice = <T extends readonly number[]>(values: T, error: TMessageKey) =>
  z.number({ error }).refine((v) => (values as readonly number[]).includes(v), { error });

/** A choice typed into an HTML form: its select's value is a string, made a number here. */
const formChoice = <T extends readonly number[]>(values: T, error: TMessageKey) =>
  z.coerce.number({ error }).pipe(choice(values, error));

/** Open New Position / Open Trade: every field required; the margin comes from the balance. */
export const ZOpenPositionInput = z.strictObject({
  asset: z.enum(MARKET_PAIRS, { error: 'validation.assetRequired' satisfies TMessageKey }),
  amount: amountField('validation.amountRequired').refine((v) => Number(v) > 0, {
    error: 'validation.amountPositive' satisfies TMessageKey,
  }),
  leverage: choice(LEVERAGES, 'validation.leverageRequired'),
  expiration: choice(POSITION_DURATIONS, 'validation.expirationRequired'),
  type: z.enum(POSITION_TYPES, { error: 'validation.positionTypeRequired' satisfies TMessageKey }),
  userId: z.uuid({ error: 'errors.notOwnRecord' satisfies TMessageKey }),
});
export type TOpenPositionInput = z.input<typeof ZOpenPositionInput>;

/** The same fields as the web's form holds them: leverage and expiration as its selects' strings. */
export const ZOpenPositionForm = ZOpenPositionInput.extend({
  leverage: formChoice(LEVERAGES, 'validation.leverageRequired'),
  expiration: formChoice(POSITION_DURATIONS, 'validation.expirationRequired'),
});
export type TOpenPositionForm = z.input<typeof ZOpenPositionForm>;

/** Close at market (admin): the reason is kept in the audit trail and told to the client. */
export const ZClosePositionInput = z.strictObject({
  reason: requiredText('validation.closeReasonRequired', 500),
});
export type TClosePositionInput = z.input<typeof ZClosePositionInput>;

// --- answers ------------------------------------------------------------------------------------

/** A position as the API answers it. Money in dollars; prices in the pair's decimals. */
export const ZPosition = z.object({
  id: z.uuid(),
  asset: z.enum(MARKET_PAIRS),
  type: z.enum(POSITION_TYPES),
  /** The margin, in dollars. */
  amount: z.number(),
  leverage: z.number().int(),
  /** Minutes. */
  expiration: z.number().int(),
  status: z.enum(POSITION_STATUSES),
  /** Closed with a loss (the spec's flag; also true for a stop-out). */
  isLoss: z.boolean(),
  /** Dollars lost (positive) or 0. */
  loss: z.number(),
  /** Dollars gained or 0. */
  profit: z.number(),
  entryPrice: z.number(),
  entryPriceTime: z.iso.datetime(),
  /** Where the loss would reach the margin; null for a buy at 1:1. */
  stopOutPrice: z.number().nullable(),
  expiresAt: z.iso.datetime(),
  exitPrice: z.number().nullable(),
  exitPriceTime: z.iso.datetime().nullable(),
  closeReason: z.enum(CLOSE_REASONS).nullable(),
  /** The admin's reason for a Close at market. */
  closeNote: z.string().nullable(),
  closedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  userId: z.uuid(),
  /** Present in admin answers. */
  user: z
    .object({ id: z.uuid(), firstname: z.string(), lastname: z.string(), email: z.string(), username: z.string() })
    .optional(),
});
export type TPosition = z.infer<typeof ZPosition>;

/** The Positions page's summary cards, over all of the client's positions. */
export const ZPositionSummary = z.object({
  /** Distinct pairs the client has traded. */
  tradingPairs: z.number().int(),
  totalProfit: z.number(),
  /** Positive dollars. */
  totalLoss: z.number(),
  netPnl: z.number(),
  open: z.number().int(),
});
export type TPositionSummary = z.infer<typeof ZPositionSummary>;

export const ZPositionList = z.object({
  positions: z.array(ZPosition),
  totalPage: z.number().int(),
  summary: ZPositionSummary.optional(),
});
export type TPositionList = z.infer<typeof ZPositionList>;

export const ZPositionAnswer = z.object({ message: z.string(), position: ZPosition });
export type TPositionAnswer = z.infer<typeof ZPositionAnswer>;
