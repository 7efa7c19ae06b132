import { describe, expect, it } from 'vitest';
import { countryCodeOf } from './countries.ts';
import { formNumbers } from './form-body.ts';
import { ZOpenPositionInput } from './positions.ts';

describe('form bodies', () => {
  it('makes the decimal text of the fields a schema takes as numbers numbers, and nothing else', () => {
    const fields: Record<string, unknown> = {
      asset: 'BTC/USD',
      amount: '10.00',
      leverage: '2',
      expiration: ' 60 ',
      type: 'buy',
      takeProfit: '51000.5',
      userId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    };
    formNumbers(ZOpenPositionInput, fields);
    // A nullable number (the take-profit, the expiration) too; the amount, which takes text, stays text.
    expect(fields).toMatchObject({ amount: '10.00', leverage: 2, expiration: 60, type: 'buy', takeProfit: 51000.5 });
    expect(ZOpenPositionInput.safeParse(fields).success).toBe(true);
    const wrong: Record<string, unknown> = { leverage: 'true', expiration: '6e1' };
    formNumbers(ZOpenPositionInput, wrong);
    expect(wrong).toEqual({ leverage: 'true', expiration: '6e1' });
  });
});

describe('countries', () => {
  it('takes an ISO code in any case or an English list name, and nothing else', () => {
    expect(countryCodeOf('de')).toBe('DE');
    expect(countryCodeOf('United States')).toBe('US');
    expect(countryCodeOf('united states of america')).toBe('US');
    expect(countryCodeOf('Cote d’Ivoire')).toBe('CI');
    expect(countryCodeOf('Antigua & Barbuda')).toBe('AG');
    expect(countryCodeOf('St. Kitts and Nevis')).toBe('KN');
    expect(countryCodeOf('Narnia')).toBeUndefined();
    expect(countryCodeOf('DEU')).toBeUndefined();
  });
});
