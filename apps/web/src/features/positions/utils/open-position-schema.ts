import type { TQuote } from '@meridian/contracts/market';
import type { TMessageKey } from '@meridian/contracts/messages';
import { toCents } from '@meridian/contracts/money';
import { isPair, type TPair } from '@meridian/contracts/pairs';
import {
  commissionCents,
  LEVERAGES,
  POSITION_TYPES,
  stopOutPrice,
  type TPositionType,
} from '@meridian/contracts/position-terms';
import { ZOpenPositionForm } from '@meridian/contracts/positions';
import { openingPrice } from '@/lib/quote-sides';
import { levelProblems, priceOrNull } from './protection';

/**
 * Why a margin the contract accepts (dollars, at most 2 decimals, above 0) cannot be put up: it is
 * more than the client's balance (when that is known). Compared in integer cents.
 */
export function marginProblem(amount: number | string, available: number | undefined): TMessageKey | undefined {
  if (available === undefined) return undefined;
  const cents = toCents(amount);
  const limit = toCents(available);
  if (cents === null || limit === null) return undefined;
  return cents > limit ? 'errors.insufficientBalance' : undefined;
}

/**
 * Why a margin the balance covers cannot be put up with its commission: margin + commission (contracts'
 * `commissionCents` at the pair's rate, `bps`) is more than the balance, as the server refuses it.
 * Unknown (undefined) until the leverage, the rate and the balance are.
 */
export function chargeProblem(
  amount: number | string,
  leverage: unknown,
  bps: number | undefined,
  available: number | undefined,
): TMessageKey | undefined {
  if (bps === undefined || available === undefined || !(LEVERAGES as readonly unknown[]).includes(leverage))
    return undefined;
  const cents = toCents(amount);
  const limit = toCents(available);
  if (cents === null || limit === null || cents > limit) return undefined;
  return cents + commissionCents(cents, leverage as number, bps) > limit ? 'errors.insufficientBalance' : undefined;
}

/** The operator's commission per pair, in basis points (GET /trading-terms); absent while not known. */
export type TCommissionRates = Readonly<Record<TPair, number>> | undefined;

/**
 * Open New Position / Open Trade: the contract's rules (pair, amount, leverage, expiration or none,
 * and the side required; take-profit and stop-loss optional) and the balance. The balance rule sits
 * on the amount itself, so it is checked while other fields are still empty. The take-profit and
 * stop-loss are checked against the live quote of the chosen pair (`quotes`) once the side is known
 * (Buy or Sell sets it): against the side it would close at, with the stop-out the chosen leverage
 * gives at the side it opens at; before, only their decimals. Once the pair, the leverage and the
 * operator's `rates` are known, the margin with its commission must fit the balance too.
 */
export function openPositionSchema(
  available: number | undefined,
  quotes: readonly TQuote[] = [],
  rates: TCommissionRates = undefined,
) {
  return ZOpenPositionForm.extend({
    amount: ZOpenPositionForm.shape.amount.superRefine((amount, ctx) => {
      const problem = marginProblem(amount, available);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  }).superRefine(
    (values, ctx) => {
      const { asset: pair, leverage } = values;
      if (!isPair(pair)) return;
      const charge = chargeProblem(values.amount, leverage, rates?.[pair], available);
      if (charge) ctx.addIssue({ code: 'custom', path: ['amount'], message: charge });
      const type = (POSITION_TYPES as readonly unknown[]).includes(values.type) ? values.type : undefined;
      const quote = quotes.find((q) => q.pair === pair);
      // A level its own field refused (not a price) is left out: the other is still checked.
      const problems = levelProblems(pair, type, quote, stopOutAt(pair, type, quote, leverage), {
        takeProfit: priceOrNull(values.takeProfit),
        stopLoss: priceOrNull(values.stopLoss),
      });
      for (const field of ['takeProfit', 'stopLoss'] as const) {
        const message = problems[field];
        if (message) ctx.addIssue({ code: 'custom', path: [field], message });
      }
    },
    // Checked while other fields may still be missing or wrong (the side, before Buy or Sell): each
    // value read here is checked above before it is used.
    { when: () => true },
  );
}

/**
 * The stop-out a position opened now would have, at the price it opens at (a buy's ask, a sell's
 * bid), as the server works it out from its entry; null when it cannot be known yet.
 */
function stopOutAt(
  pair: Parameters<typeof stopOutPrice>[0],
  type: TPositionType | undefined,
  quote: TQuote | undefined,
  leverage: unknown,
): number | null {
  const price = type ? openingPrice(type, quote) : null;
  if (!type || price === null) return null;
  if (!(LEVERAGES as readonly unknown[]).includes(leverage)) return null;
  return stopOutPrice(pair, type, price, leverage as number);
}
