import { z } from 'zod';
import type { TMessageKey } from './messages.ts';
import { ORDER_KINDS, ORDER_STATUSES } from './order-terms.ts';
import { MARKET_PAIRS, priceFits } from './pairs.ts';
import { POSITION_TYPES } from './position-terms.ts';
import { ZOpenPositionForm, ZOpenPositionInput, ZPosition } from './positions.ts';

/**
 * Pending orders (docs/money.md, "Pending orders"): the terms of a position to open when the price
 * reaches `price`, with the margin held from placement. Their rules are in order-terms.ts.
 */

// --- requests -----------------------------------------------------------------------------------

const orderPrice = z
  .number({ error: 'validation.orderPriceRequired' satisfies TMessageKey })
  .positive({ error: 'validation.priceInvalid' satisfies TMessageKey });

/** A good-until time, or null: good till cancelled. */
const goodUntil = z.iso
  .datetime({ offset: true, error: 'validation.goodUntilInvalid' satisfies TMessageKey })
  .nullable();

const kind = z.enum(ORDER_KINDS, { error: 'validation.orderKindRequired' satisfies TMessageKey });

/** The order's price in the pair's decimals. */
const priceInPairDecimals = (v: { asset: (typeof MARKET_PAIRS)[number]; price: number }, ctx: z.RefinementCtx) => {
  if (!priceFits(v.asset, v.price))
    ctx.addIssue({ code: 'custom', path: ['price'], message: 'validation.priceDecimals' satisfies TMessageKey });
};

/**
 * Place a pending order: a position's terms (Open New Position's fields: pair, margin, leverage,
 * side, expiration once filled, optional take-profit and stop-loss), its kind and level, and until
 * when it waits (null: until cancelled). The level must not be reached yet; the take-profit and
 * stop-loss are checked against it as they would be against the price of an opening there.
 */
export const ZPlaceOrderInput = ZOpenPositionInput.omit({ userId: true })
  .extend({ kind, price: orderPrice, goodUntil })
  .superRefine(priceInPairDecimals);
export type TPlaceOrderInput = z.input<typeof ZPlaceOrderInput>;

/** The same fields as the web's order form holds them (the position form's, with the level typed). */
export const ZPlaceOrderForm = ZOpenPositionForm.omit({ userId: true })
  .extend({
    kind,
    price: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), orderPrice),
    goodUntil,
  })
  .superRefine(priceInPairDecimals);
export type TPlaceOrderForm = z.input<typeof ZPlaceOrderForm>;

/**
 * Change a pending order: its level, take-profit, stop-loss and good-until time (all keys required;
 * null removes a level or makes it good till cancelled). The pair, side, kind, margin and leverage
 * stay: to change those, cancel and place another.
 */
export const ZEditOrderInput = z.strictObject({
  price: orderPrice,
  takeProfit: z.number({ error: 'validation.priceInvalid' }).positive({ error: 'validation.priceInvalid' }).nullable(),
  stopLoss: z.number({ error: 'validation.priceInvalid' }).positive({ error: 'validation.priceInvalid' }).nullable(),
  goodUntil,
});
export type TEditOrderInput = z.input<typeof ZEditOrderInput>;

/** Which orders a list holds: those still waiting, or those filled, cancelled or expired. */
export const ORDER_LIST_STATES = ['pending', 'done'] as const;
export const ZOrderListQuery = z.strictObject({
  state: z.enum(ORDER_LIST_STATES).default('pending'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type TOrderListQuery = z.input<typeof ZOrderListQuery>;

// --- answers ------------------------------------------------------------------------------------

/** A pending order as the API answers it: money in dollars, prices in the pair's decimals. */
export const ZOrder = z.object({
  id: z.uuid(),
  asset: z.enum(MARKET_PAIRS),
  type: z.enum(POSITION_TYPES),
  kind: z.enum(ORDER_KINDS),
  /** The level that fills it. */
  price: z.number(),
  /** The margin held for it, in dollars. */
  amount: z.number(),
  /** The commission held with the margin, charged when it fills (dollars; 0 where none). */
  commission: z.number(),
  leverage: z.number().int(),
  /** The position's expiration in minutes once filled; null: no expiry. */
  expiration: z.number().int().nullable(),
  takeProfit: z.number().nullable(),
  stopLoss: z.number().nullable(),
  /** Null: good till cancelled. */
  goodUntil: z.iso.datetime().nullable(),
  status: z.enum(ORDER_STATUSES),
  /** Once filled: the price it filled at (a buy's ask, a sell's bid), and the position it opened. */
  fillPrice: z.number().nullable(),
  positionId: z.uuid().nullable(),
  /** When it was filled, cancelled or expired. */
  endedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  userId: z.uuid(),
  /** Present in the desk's answers. */
  user: ZPosition.shape.user,
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZOrderList = z.object({ orders: z.array(ZOrder), totalPage: z.number().int() });
export type TOrderList = z.infer<typeof ZOrderList>;

export const ZOrderAnswer = z.object({ message: z.string(), order: ZOrder });
export type TOrderAnswer = z.infer<typeof ZOrderAnswer>;
