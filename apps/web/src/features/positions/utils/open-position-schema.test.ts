import { describe, expect, it } from 'vitest';
import { openPositionSchema } from './open-position-schema';

const USER = '0b8f4a4e-5c1e-4a36-9a57-8d1f1b0d2c11';
const filled = { asset: 'ETH/USD', amount: '25.50', leverage: '5', expiration: '240', type: 'buy', userId: USER };

/** The message key of each refused field: its first, which the form shows. */
function problems(values: Record<string, unknown>, available?: number) {
  const result = openPositionSchema(available).safeParse(values);
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
