import { describe, expect, it } from 'vitest';
import { makeOrder, makeQuote } from '../test/fixtures';
import { editOrderBody, editOrderDefaults, editOrderSchema } from './edit-order-schema';

// A buy limit on ETH/USD at 1:10, the price now 3,000.20: its price must be below that.
const ORDER = makeOrder({ price: 2900 });
const QUOTE = makeQuote({ pair: 'ETH/USD', mid: 3000.2 });
const filled = { price: '2900', takeProfit: '', stopLoss: '', goodUntil: 'gtc' };

/** The message key of each refused field: its first, which the dialog shows. */
function problems(values: Record<string, unknown>, order = ORDER, quote = QUOTE) {
  const result = editOrderSchema(order, quote).safeParse({ ...filled, ...values });
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('the Edit order dialog’s fields', () => {
  it('start from the order as it is, its good-until time kept', () => {
    expect(editOrderDefaults(ORDER)).toEqual({ price: '2900', takeProfit: '', stopLoss: '', goodUntil: 'gtc' });
    expect(
      editOrderDefaults(makeOrder({ takeProfit: 3100, stopLoss: 2800.5, goodUntil: '2026-01-03T10:00:00.000Z' })),
    ).toEqual({ price: '2900', takeProfit: '3100', stopLoss: '2800.5', goodUntil: 'keep' });
  });

  it('want a price, in the pair’s decimals, on the side the order waits on', () => {
    expect(problems({ price: '' })).toEqual({ price: 'validation.orderPriceRequired' });
    expect(problems({ price: '2900.123' })).toEqual({ price: 'validation.priceDecimals' });
    // A buy limit waits for a fall: at or above the price it would fill at once.
    expect(problems({ price: '3000.2' })).toEqual({ price: 'validation.orderPriceBelowMarket' });
    expect(problems({ price: '3000.19' })).toEqual({});
    // A sell limit waits for a rise.
    expect(problems({ price: '2999' }, makeOrder({ type: 'sell', price: 3100 }))).toEqual({
      price: 'validation.orderPriceAboveMarket',
    });
    // A buy stop too.
    expect(problems({ price: '3000.21' }, makeOrder({ kind: 'stop', price: 3100 }))).toEqual({});
  });

  it('leave the side of the price to the server while there is no fresh price', () => {
    expect(problems({ price: '5000' }, ORDER, makeQuote({ pair: 'ETH/USD', mid: 3000.2, stale: true }))).toEqual({});
    // (No quote at all: a pair the stream has not priced yet.)
    expect(editOrderSchema(ORDER, undefined).safeParse({ ...filled, price: '5000' }).success).toBe(true);
  });

  it('check the take-profit and stop-loss against the order’s price, with the stop-out it gives', () => {
    // A buy at 1:10 from 2,900.00 stops out at 2,610.00.
    expect(problems({ takeProfit: '2900', stopLoss: '2900' })).toEqual({
      takeProfit: 'validation.takeProfitBuy',
      stopLoss: 'validation.stopLossBuy',
    });
    expect(problems({ takeProfit: '2950', stopLoss: '2700' })).toEqual({});
    expect(problems({ stopLoss: '2610' })).toEqual({ stopLoss: 'validation.stopLossPastStopOut' });
    // Against the price typed, not the order's old one.
    expect(problems({ price: '2800', takeProfit: '2850' })).toEqual({});
  });
});

describe('what a change sends', () => {
  const NOW = Date.parse('2026-01-02T12:00:00.000Z');
  it('sends every key, null for no level, and a new good-until time from now', () => {
    const values = editOrderSchema(ORDER, QUOTE).parse({
      ...filled,
      price: '2850.5',
      stopLoss: '2700',
      goodUntil: '1d',
    });
    expect(editOrderBody(ORDER, values, NOW)).toEqual({
      price: 2850.5,
      takeProfit: null,
      stopLoss: 2700,
      goodUntil: '2026-01-03T12:00:00.000Z',
    });
  });

  it('keeps the order’s good-until time, or makes it good till cancelled', () => {
    const order = makeOrder({ goodUntil: '2026-01-05T10:00:00.000Z' });
    const kept = editOrderSchema(order, QUOTE).parse({ ...filled, goodUntil: 'keep' });
    expect(editOrderBody(order, kept, NOW).goodUntil).toBe('2026-01-05T10:00:00.000Z');
    const gtc = editOrderSchema(order, QUOTE).parse({ ...filled, goodUntil: 'gtc' });
    expect(editOrderBody(order, gtc, NOW).goodUntil).toBeNull();
  });
});
