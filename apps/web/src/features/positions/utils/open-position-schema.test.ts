import type { TQuote } from '@meridian/contracts/market';
import { describe, expect, it } from 'vitest';
import { makeQuote } from '../test/fixtures';
import { openPositionSchema } from './open-position-schema';

const USER = '0b8f4a4e-5c1e-4a36-9a57-8d1f1b0d2c11';
const filled = { asset: 'ETH/USD', amount: '25.50', leverage: '5', expiration: '240', type: 'buy', userId: USER };

/** The message key of each refused field: its first, which the form shows. */
function problems(values: Record<string, unknown>, available?: number, quotes: readonly TQuote[] = []) {
  const result = openPositionSchema(available, quotes).safeParse(values);
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('the Open position form', () => {
  it('accepts a filled form and reads the choices as numbers', () => {
    const result = openPositionSchema(100).parse(filled);
    expect(result).toMatchObject({ asset: 'ETH/USD', leverage: 5, expiration: 240, type: 'buy' });
  });

  it('requires every field, each with its own words', () => {
    expect(problems({ asset: '', amount: '', leverage: '', expiration: '', userId: USER })).toEqual({
      asset: 'validation.assetRequired',
      amount: 'validation.amountRequired',
      leverage: 'validation.leverageRequired',
      expiration: 'validation.expirationRequired',
      type: 'validation.positionTypeRequired',
    });
  });

  it('takes only the 4 leverages and the 12 durations', () => {
    expect(problems({ ...filled, leverage: '3', expiration: '45' })).toEqual({
      leverage: 'validation.leverageRequired',
      expiration: 'validation.expirationRequired',
    });
  });

  it('takes cents (step 0.01) above zero', () => {
    expect(problems({ ...filled, amount: '0' })).toEqual({ amount: 'validation.amountPositive' });
    expect(problems({ ...filled, amount: '1.005' })).toEqual({ amount: 'validation.amountInvalid' });
    expect(problems({ ...filled, amount: '0.01' }, 100)).toEqual({});
  });

  it('puts up at most the balance', () => {
    expect(problems({ ...filled, amount: '100.01' }, 100)).toEqual({ amount: 'errors.insufficientBalance' });
    expect(problems({ ...filled, amount: '100' }, 100)).toEqual({});
    // The balance is not known yet: the server decides.
    expect(problems({ ...filled, amount: '100000' })).toEqual({});
  });
});

describe('the balance rule', () => {
  it('speaks while other fields are still empty (the form checks as the client types)', () => {
    expect(problems({ asset: '', amount: '100.01', leverage: '', expiration: '', userId: USER }, 100)).toMatchObject({
      amount: 'errors.insufficientBalance',
    });
  });
});

describe('no expiry', () => {
  it('reads "none" as null, which the contract takes as no expiry', () => {
    expect(openPositionSchema(100).parse({ ...filled, expiration: 'none' })).toMatchObject({ expiration: null });
    expect(problems({ ...filled, expiration: '' })).toEqual({ expiration: 'validation.expirationRequired' });
  });
});

describe('take-profit and stop-loss', () => {
  // ETH/USD at 3,000.20: a buy at 1:5 stops out at 2,400.16, a sell at 3,600.24.
  const QUOTES = [makeQuote({ pair: 'ETH/USD', mid: 3000.2 })];
  const check = (values: Record<string, unknown>, quotes: readonly TQuote[] = QUOTES) =>
    problems({ ...filled, ...values }, undefined, quotes);

  it('are optional: empty is none, a typed price a number', () => {
    expect(openPositionSchema(100, QUOTES).parse({ ...filled, takeProfit: '', stopLoss: ' ' })).toMatchObject({
      takeProfit: null,
      stopLoss: null,
    });
    expect(openPositionSchema(100, QUOTES).parse({ ...filled, takeProfit: '3100.5', stopLoss: '2900' })).toMatchObject({
      takeProfit: 3100.5,
      stopLoss: 2900,
    });
  });

  it('for a buy: the take-profit above the live mid, the stop-loss below it and above the stop-out', () => {
    expect(check({ takeProfit: '3000.2', stopLoss: '3000.2' })).toEqual({
      takeProfit: 'validation.takeProfitBuy',
      stopLoss: 'validation.stopLossBuy',
    });
    expect(check({ takeProfit: '3000.21', stopLoss: '3000.19' })).toEqual({});
    expect(check({ stopLoss: '2400.16' })).toEqual({ stopLoss: 'validation.stopLossPastStopOut' });
    expect(check({ stopLoss: '2400.17' })).toEqual({});
  });

  it('for a sell: the reverse, with its stop-out above', () => {
    const sell = { type: 'sell' };
    expect(check({ ...sell, takeProfit: '3000.2', stopLoss: '3000.2' })).toEqual({
      takeProfit: 'validation.takeProfitSell',
      stopLoss: 'validation.stopLossSell',
    });
    expect(check({ ...sell, takeProfit: '2900', stopLoss: '3100' })).toEqual({});
    expect(check({ ...sell, stopLoss: '3600.24' })).toEqual({ stopLoss: 'validation.stopLossPastStopOut' });
  });

  it('takes no more decimals than the pair and a price above 0, with or without a side or a price', () => {
    expect(check({ takeProfit: '3100.001' })).toEqual({ takeProfit: 'validation.priceDecimals' });
    expect(check({ type: undefined, takeProfit: '3100.001' }, [])).toEqual({
      type: 'validation.positionTypeRequired',
      takeProfit: 'validation.priceDecimals',
    });
    expect(check({ stopLoss: '-5' })).toEqual({ stopLoss: 'validation.priceInvalid' });
  });

  it('leaves the side to the server while there is no fresh price', () => {
    const stale = [makeQuote({ pair: 'ETH/USD', mid: 3000.2, stale: true })];
    expect(check({ takeProfit: '1', stopLoss: '9999' }, stale)).toEqual({});
  });

  it('checks the stop-out only once the leverage is chosen', () => {
    expect(check({ leverage: '', stopLoss: '2000' })).toEqual({ leverage: 'validation.leverageRequired' });
  });
});
