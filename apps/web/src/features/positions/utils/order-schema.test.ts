import type { TQuote } from '@meridian/contracts/market';
import { describe, expect, it } from 'vitest';
import { makeQuote } from '../test/fixtures';
import { placeOrderSchema } from './order-schema';

// ETH/USD at 3,000.20.
const QUOTES = [makeQuote({ pair: 'ETH/USD', mid: 3000.2 })];
const filled = {
  asset: 'ETH/USD',
  amount: '100',
  leverage: '10',
  expiration: 'none',
  type: 'buy',
  kind: 'limit',
  price: '2900',
  goodUntil: 'gtc',
};

/** The message key of each refused field: its first, which the form shows. */
function problems(values: Record<string, unknown>, available?: number, quotes: readonly TQuote[] = QUOTES) {
  const result = placeOrderSchema(available, quotes).safeParse({ ...filled, ...values });
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('a limit or stop order in the order form', () => {
  it('reads the form’s strings as the contract’s values, keeping the good-until choice', () => {
    expect(placeOrderSchema(500, QUOTES).parse({ ...filled, goodUntil: '1w' })).toMatchObject({
      asset: 'ETH/USD',
      leverage: 10,
      expiration: null,
      kind: 'limit',
      price: 2900,
      goodUntil: '1w',
    });
  });

  it('wants a price, in the pair’s decimals, and a margin within the balance', () => {
    expect(problems({ price: '' })).toEqual({ price: 'validation.orderPriceRequired' });
    expect(problems({ price: '2900.001' })).toEqual({ price: 'validation.priceDecimals' });
    expect(problems({ amount: '100.01' }, 100)).toEqual({ amount: 'errors.insufficientBalance' });
    expect(problems({ goodUntil: '2y' })).toEqual({ goodUntil: 'validation.goodUntilInvalid' });
  });

  it('wants a buy limit and a sell stop below the live price, a buy stop and a sell limit above it', () => {
    expect(problems({ price: '3000.2' })).toEqual({ price: 'validation.orderPriceBelowMarket' });
    expect(problems({ price: '3000.19' })).toEqual({});
    expect(problems({ type: 'sell', kind: 'stop', price: '3000.2' })).toEqual({
      price: 'validation.orderPriceBelowMarket',
    });
    expect(problems({ kind: 'stop', price: '3000.2' })).toEqual({ price: 'validation.orderPriceAboveMarket' });
    expect(problems({ kind: 'stop', price: '3000.21' })).toEqual({});
    expect(problems({ type: 'sell', price: '2999' })).toEqual({ price: 'validation.orderPriceAboveMarket' });
  });

  it('leaves the side of the price to the server before the side is chosen or without a fresh price', () => {
    expect(problems({ type: undefined, price: '9999' })).toEqual({ type: 'validation.positionTypeRequired' });
    expect(problems({ price: '9999' }, undefined, [makeQuote({ pair: 'ETH/USD', mid: 3000.2, stale: true })])).toEqual(
      {},
    );
  });

  it('checks the take-profit and stop-loss against the order’s price, as a position opened there', () => {
    // A buy at 1:10 from 2,900.00 stops out at 2,610.00; the live price (3,000.20) does not count.
    expect(problems({ takeProfit: '2950', stopLoss: '2800' })).toEqual({});
    expect(problems({ takeProfit: '2900', stopLoss: '2950' })).toEqual({
      takeProfit: 'validation.takeProfitBuy',
      stopLoss: 'validation.stopLossBuy',
    });
    expect(problems({ stopLoss: '2610' })).toEqual({ stopLoss: 'validation.stopLossPastStopOut' });
    // A sell stop at 2,900.00: the take-profit below it, the stop-loss above it.
    expect(problems({ type: 'sell', kind: 'stop', takeProfit: '2800', stopLoss: '2950' })).toEqual({});
    expect(problems({ type: 'sell', kind: 'stop', takeProfit: '2950' })).toEqual({
      takeProfit: 'validation.takeProfitSell',
    });
  });
});
