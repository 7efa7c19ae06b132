import { z } from 'zod';
import { requiredText } from './fields.ts';
import type { TMessageKey } from './messages.ts';
import { amountField } from './methods.ts';
import { MARKET_PAIRS } from './pairs.ts';
import { CLOSE_REASONS, LEVERAGES, POSITION_DURATIONS, POSITION_STATUSES, POSITION_TYPES } from './position-terms.ts';

/**
 * Leveraged positions on the trading pairs (docs/money.md, "Positions and signals"). The client puts
 * up a margin (`amount`), chooses a leverage and an expiration; the outcome comes from market prices.
 * Their terms and arithmetic are in position-terms.ts.
 */

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

/**
 * A take-profit or stop-loss price: a positive number, or null (or left out) for none. Whether it
 * suits the position (its side, the current price, its stop-out, the pair's decimals) is checked by
 * `protectionProblems` (position-terms.ts) against the price at the server's clock.
 */
const protectionLevel = z
  .number({ error: 'validation.priceInvalid' satisfies TMessageKey })
  .positive({ error: 'validation.priceInvalid' satisfies TMessageKey })
  .nullable();

/** A price typed into a form: empty is none. */
const formProtectionLevel = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : v),
  protectionLevel,
);

/** The expiration a form's select holds: one of the durations' minutes, or `none`. */
export const NO_EXPIRY = 'none';

/**
 * Open New Position / Open Trade: pair, margin, leverage and side required; an expiration of
 * POSITION_DURATIONS minutes or null for none (the key itself stays required: a client chooses "no
 * expiry", never gets it by leaving the field out); take-profit and stop-loss optional. The margin
 * comes from the balance.
 */
export const ZOpenPositionInput = z.strictObject({
  asset: z.enum(MARKET_PAIRS, { error: 'validation.assetRequired' satisfies TMessageKey }),
  amount: amountField('validation.amountRequired').refine((v) => Number(v) > 0, {
    error: 'validation.amountPositive' satisfies TMessageKey,
  }),
  leverage: choice(LEVERAGES, 'validation.leverageRequired'),
  expiration: choice(POSITION_DURATIONS, 'validation.expirationRequired').nullable(),
  type: z.enum(POSITION_TYPES, { error: 'validation.positionTypeRequired' satisfies TMessageKey }),
  takeProfit: protectionLevel.optional(),
  stopLoss: protectionLevel.optional(),
  userId: z.uuid({ error: 'errors.notOwnRecord' satisfies TMessageKey }),
});
export type TOpenPositionInput = z.input<typeof ZOpenPositionInput>;

/**
 * The same fields as the web's form holds them: leverage and expiration as its selects' strings
 * (`none` for no expiry), take-profit and stop-loss as typed (empty for none).
 */
export const ZOpenPositionForm = ZOpenPositionInput.extend({
  leverage: formChoice(LEVERAGES, 'validation.leverageRequired'),
  expiration: z.union(
    [z.literal(NO_EXPIRY).transform(() => null), formChoice(POSITION_DURATIONS, 'validation.expirationRequired')],
    {
      error: 'validation.expirationRequired' satisfies TMessageKey,
    },
  ),
  takeProfit: formProtectionLevel.optional(),
  stopLoss: formProtectionLevel.optional(),
});
export type TOpenPositionForm = z.input<typeof ZOpenPositionForm>;

/**
 * Take-profit and stop-loss of an open position, set or changed by its client: both keys required,
 * null removes a level. Checked against the current price like an opening's.
 */
export const ZPositionProtectionInput = z.strictObject({
  takeProfit: protectionLevel,
  stopLoss: protectionLevel,
});
export type TPositionProtectionInput = z.input<typeof ZPositionProtectionInput>;

/** The same fields as the web's form holds them (empty for none). */
export const ZPositionProtectionForm = z.strictObject({
  takeProfit: formProtectionLevel,
  stopLoss: formProtectionLevel,
});
export type TPositionProtectionForm = z.input<typeof ZPositionProtectionForm>;

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
  /** Minutes; null: no expiry (it stays open until closed or a level is reached). */
  expiration: z.number().int().nullable(),
  status: z.enum(POSITION_STATUSES),
  /** Closed with a loss (the spec's flag; also true for a stop-out). */
  isLoss: z.boolean(),
  /** Dollars lost (positive) or 0. */
  loss: z.number(),
  /** Dollars gained or 0. */
  profit: z.number(),
  /** The price it opened at: the ask for a buy, the bid for a sell. */
  entryPrice: z.number(),
  entryPriceTime: z.iso.datetime(),
  /** The spread (ask − bid) of the quote it opened on; null for a position opened before bid and ask were kept. */
  spread: z.number().nullable(),
  /** The commission charged when it opened, in dollars (0 where the operator charges none). */
  commission: z.number(),
  /** Where the loss would reach the margin; null for a buy at 1:1. */
  stopOutPrice: z.number().nullable(),
  /** The client's take-profit and stop-loss prices; null where none is set. */
  takeProfit: z.number().nullable(),
  stopLoss: z.number().nullable(),
  /** Null with no expiry. */
  expiresAt: z.iso.datetime().nullable(),
  /** The price it closed at: the bid for a buy, the ask for a sell. */
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

/**
 * GET /api/trading-terms: what opening a position costs besides the spread, per pair: the operator's
 * commission in basis points of the exposure (0: none); and the account's margin levels, in percent.
 */
export const ZTradingTerms = z.object({
  commissionBps: z.record(z.enum(MARKET_PAIRS), z.number().int().min(0)),
  marginCallLevel: z.number(),
  closeOutLevel: z.number(),
});
export type TTradingTerms = z.infer<typeof ZTradingTerms>;
