import { zodResolver } from '@hookform/resolvers/zod';
import type { TQuote } from '@meridian/contracts/market';
import type { TMessageKey } from '@meridian/contracts/messages';
import { ORDER_KINDS, type TOrderKind } from '@meridian/contracts/order-terms';
import { ZPlaceOrderForm } from '@meridian/contracts/orders';
import { isPair } from '@meridian/contracts/pairs';
import { POSITION_TYPES } from '@meridian/contracts/position-terms';
import type { TOpenPositionForm } from '@meridian/contracts/positions';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { GOOD_UNTIL_CHOICES, type TGoodUntilChoice } from '@/lib/good-until';
import { orderPriceProblem, orderProtectionProblems, priceOrNull } from '@/lib/order-levels';
import { chargeProblem, marginProblem, openPositionSchema, type TCommissionRates } from './open-position-schema';

/**
 * The order form's types: Market opens a position now (Open New Position as it always was); Limit
 * and Stop place a pending order that opens it when the price reaches the order's price
 * (contracts/order-terms.ts).
 */
export const ORDER_TYPES = ['market', ...ORDER_KINDS] as const;
export type TOrderType = (typeof ORDER_TYPES)[number];

/** The order form as typed: Open New Position's fields, the order type, and a pending order's price and good-until choice. */
export type TTradeForm = TOpenPositionForm & { orderType: TOrderType; price: string; goodUntil: TGoodUntilChoice };

/**
 * A limit or stop order: contracts' `ZPlaceOrderForm` (a position's fields, the kind, the price)
 * with the good-until time as the form's choice, the margin at most the balance, the price on the
 * side of the live price its kind and side wait on, and the take-profit and stop-loss checked
 * against the order's price; the commission is held with the margin, so both must fit the balance.
 * Checked as typed, while other fields may still be empty.
 */
export function placeOrderSchema(
  available: number | undefined,
  quotes: readonly TQuote[] = [],
  rates: TCommissionRates = undefined,
) {
  return ZPlaceOrderForm.safeExtend({
    amount: ZPlaceOrderForm.shape.amount.superRefine((amount, ctx) => {
      const problem = marginProblem(amount, available);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    goodUntil: z.enum(GOOD_UNTIL_CHOICES, { error: 'validation.goodUntilInvalid' satisfies TMessageKey }),
  }).superRefine(
    (values, ctx) => {
      const { asset: pair, leverage, kind } = values;
      if (!isPair(pair) || !(ORDER_KINDS as readonly unknown[]).includes(kind)) return;
      const charge = chargeProblem(values.amount, leverage, rates?.[pair], available);
      if (charge) ctx.addIssue({ code: 'custom', path: ['amount'], message: charge });
      const type = (POSITION_TYPES as readonly unknown[]).includes(values.type) ? values.type : undefined;
      const level = priceOrNull(values.price);
      const priceProblem = orderPriceProblem(
        pair,
        { type, kind },
        level,
        quotes.find((q) => q.pair === pair),
      );
      // The contract checks the price's decimals only once every other field is right: this, as it is typed.
      if (priceProblem) ctx.addIssue({ code: 'custom', path: ['price'], message: priceProblem });
      const problems = orderProtectionProblems(pair, type, level, leverage, {
        takeProfit: priceOrNull(values.takeProfit),
        stopLoss: priceOrNull(values.stopLoss),
      });
      for (const field of ['takeProfit', 'stopLoss'] as const) {
        const message = problems[field];
        if (message) ctx.addIssue({ code: 'custom', path: [field], message });
      }
    },
    { when: () => true },
  );
}

type TMarketValues = z.output<ReturnType<typeof openPositionSchema>>;
type TOrderValues = z.output<ReturnType<typeof placeOrderSchema>>;
/** What the order form hands on once checked: a position to open now, or an order to place. */
export type TTradeValues = (TMarketValues & { orderType: 'market' }) | (TOrderValues & { orderType: TOrderKind });

/**
 * The order form's resolver: Market checks Open New Position's fields (`openPositionSchema`), Limit
 * and Stop the order's (`placeOrderSchema`), each given only the fields it knows (both schemas are
 * strict). Errors keep their fields' names.
 */
export function tradeFormResolver(
  available: number | undefined,
  quotes: readonly TQuote[],
  rates: TCommissionRates = undefined,
): Resolver<TTradeForm, unknown, TTradeValues> {
  const market = zodResolver(openPositionSchema(available, quotes, rates));
  const order = zodResolver(placeOrderSchema(available, quotes, rates));
  return async (values, context, options) => {
    const { orderType, price, goodUntil, ...position } = values;
    if (orderType === 'market') {
      const result = await market(position, context, options as never);
      if (hasErrors(result.errors)) return { values: {}, errors: result.errors as FieldErrors<TTradeForm> };
      return { values: { ...(result.values as TMarketValues), orderType }, errors: {} };
    }
    const { userId: _userId, ...terms } = position;
    const result = await order({ ...terms, kind: orderType, price, goodUntil }, context, options as never);
    if (hasErrors(result.errors)) return { values: {}, errors: result.errors as FieldErrors<TTradeForm> };
    return { values: { ...(result.values as TOrderValues), orderType }, errors: {} };
  };
}

const hasErrors = (errors: object | undefined) => errors !== undefined && Object.keys(errors).length > 0;
