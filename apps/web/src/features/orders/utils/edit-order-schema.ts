import type { TQuote } from '@meridian/contracts/market';
import type { TMessageKey } from '@meridian/contracts/messages';
import { type TEditOrderInput, type TOrder, ZPlaceOrderForm } from '@meridian/contracts/orders';
import { ZPositionProtectionForm } from '@meridian/contracts/positions';
import { z } from 'zod';
import { GOOD_UNTIL_CHOICES, goodUntilAt } from '@/lib/good-until';
import { orderPriceProblem, orderProtectionProblems, priceOrNull } from '@/lib/order-levels';

/** The good-until choice that leaves the order's time as it is. */
export const KEEP_GOOD_UNTIL = 'keep';
export const EDIT_GOOD_UNTIL_CHOICES = [KEEP_GOOD_UNTIL, ...GOOD_UNTIL_CHOICES] as const;

/** The form's first values: the order as it is, its good-until time kept (or good till cancelled, when it has none). */
export function editOrderDefaults(
  order: Pick<TOrder, 'price' | 'takeProfit' | 'stopLoss' | 'goodUntil'>,
): TEditOrderForm {
  const asField = (level: number | null) => (level === null ? '' : String(level));
  return {
    price: String(order.price),
    takeProfit: asField(order.takeProfit),
    stopLoss: asField(order.stopLoss),
    goodUntil: order.goodUntil === null ? 'gtc' : KEEP_GOOD_UNTIL,
  };
}

/**
 * Edit order: the price (required, in the pair's decimals, on the side of the live price the order
 * waits on), the take-profit and stop-loss (empty for none) checked against that price as for a
 * position opened there, and until when it waits. Checked as typed; the server checks again.
 */
export function editOrderSchema(
  order: Pick<TOrder, 'asset' | 'type' | 'kind' | 'leverage'>,
  quote: TQuote | undefined,
) {
  return z
    .strictObject({
      price: ZPlaceOrderForm.shape.price,
      takeProfit: ZPositionProtectionForm.shape.takeProfit,
      stopLoss: ZPositionProtectionForm.shape.stopLoss,
      goodUntil: z.enum(EDIT_GOOD_UNTIL_CHOICES, { error: 'validation.goodUntilInvalid' satisfies TMessageKey }),
    })
    .superRefine(
      (values, ctx) => {
        const level = priceOrNull(values.price);
        const priceProblem = orderPriceProblem(order.asset, order, level, quote);
        if (priceProblem) ctx.addIssue({ code: 'custom', path: ['price'], message: priceProblem });
        const problems = orderProtectionProblems(order.asset, order.type, level, order.leverage, {
          takeProfit: priceOrNull(values.takeProfit),
          stopLoss: priceOrNull(values.stopLoss),
        });
        for (const field of ['takeProfit', 'stopLoss'] as const) {
          const message = problems[field];
          if (message) ctx.addIssue({ code: 'custom', path: [field], message });
        }
      },
      // Checked while a field may be refused by its own rule: each value is checked before it is used.
      { when: () => true },
    );
}
/** The Edit order dialog's fields as typed: the prices as text (empty: no take-profit or stop-loss), good until as its choice. */
export type TEditOrderForm = z.input<ReturnType<typeof editOrderSchema>>;
export type TEditOrderValues = z.output<ReturnType<typeof editOrderSchema>>;

/** What PUT /orders/:id is sent: every key, null for no level; a new good-until time counts from `now`. */
export function editOrderBody(
  order: Pick<TOrder, 'goodUntil'>,
  values: TEditOrderValues,
  now: number,
): TEditOrderInput {
  return {
    price: values.price,
    takeProfit: values.takeProfit ?? null,
    stopLoss: values.stopLoss ?? null,
    goodUntil: values.goodUntil === KEEP_GOOD_UNTIL ? order.goodUntil : goodUntilAt(values.goodUntil, now),
  };
}
