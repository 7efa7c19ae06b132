import { z } from 'zod';
import type { TMessageKey } from './messages.ts';
import { MARKET_PAIRS, priceFits } from './pairs.ts';

/**
 * Price alerts: a client asks to be told when a pair's price rises to a level (`above`) or falls to
 * it (`below`), once or every time. The notice comes in-app and by email (docs/money.md, "Notices").
 * A repeating alert fires again only after the price has gone back past its level by
 * `ALERT_REARM_PERMILLE`, so a price hovering at the level does not send a notice on every tick.
 */

export const ALERT_DIRECTIONS = ['above', 'below'] as const;
export type TAlertDirection = (typeof ALERT_DIRECTIONS)[number];
export const ALERT_STATUSES = ['active', 'triggered'] as const;
/** Active alerts a client may have at once. */
export const MAX_ACTIVE_ALERTS = 50;
/** How far (per mille of the level) the price must go back before a repeating alert can fire again. */
export const ALERT_REARM_PERMILLE = 1;

/**
 * The price a repeating alert that has fired must go back to before it can fire again: below the
 * level for an `above` alert, above it for a `below` one.
 */
export function alertRearmPrice(direction: TAlertDirection, level: number): number {
  const away = (level * ALERT_REARM_PERMILLE) / 1000;
  return direction === 'above' ? level - away : level + away;
}

/**
 * Why an alert at `level` cannot be set now that the price is `price`: one the price has already
 * reached would fire at once (an `above` alert must be above the price, a `below` one below it).
 */
export function alertProblem(direction: TAlertDirection, level: number, price: number): TMessageKey | undefined {
  if (direction === 'above' && level <= price) return 'validation.alertAbovePrice';
  if (direction === 'below' && level >= price) return 'validation.alertBelowPrice';
  return undefined;
}

export const ZPriceAlertInput = z
  .strictObject({
    pair: z.enum(MARKET_PAIRS, { error: 'validation.assetRequired' satisfies TMessageKey }),
    direction: z.enum(ALERT_DIRECTIONS, { error: 'validation.alertDirectionRequired' satisfies TMessageKey }),
    price: z
      .number({ error: 'validation.priceInvalid' satisfies TMessageKey })
      .positive({ error: 'validation.priceInvalid' satisfies TMessageKey }),
    repeat: z.boolean({ error: 'validation.invalidValue' satisfies TMessageKey }).default(false),
  })
  .superRefine((v, ctx) => {
    if (!priceFits(v.pair, v.price))
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'validation.priceDecimals' satisfies TMessageKey });
  });
export type TPriceAlertInput = z.input<typeof ZPriceAlertInput>;

export const ZPriceAlert = z.object({
  id: z.uuid(),
  pair: z.enum(MARKET_PAIRS),
  direction: z.enum(ALERT_DIRECTIONS),
  price: z.number(),
  repeat: z.boolean(),
  /** `triggered`: a one-time alert that has fired (a repeating one stays `active`). */
  status: z.enum(ALERT_STATUSES),
  /** Times it has fired, and the price and time of the last. */
  triggerCount: z.number().int(),
  lastTriggeredPrice: z.number().nullable(),
  lastTriggeredAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type TPriceAlert = z.infer<typeof ZPriceAlert>;

export const ZPriceAlertList = z.object({ alerts: z.array(ZPriceAlert) });
export type TPriceAlertList = z.infer<typeof ZPriceAlertList>;

export const ZPriceAlertAnswer = z.object({ message: z.string(), alert: ZPriceAlert });
export type TPriceAlertAnswer = z.infer<typeof ZPriceAlertAnswer>;
