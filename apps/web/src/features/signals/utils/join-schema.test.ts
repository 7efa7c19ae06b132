import { describe, expect, it } from 'vitest';
import { expectedProfit, joinSignalSchema } from './join-schema';

/** The first message of the entry field, as the form shows it; undefined when accepted. */
function problem(entryAmount: unknown, available?: number) {
  const result = joinSignalSchema({ min: 100, available }).safeParse({ entryAmount });
  return result.error?.issues[0]?.message;
}

describe('joining a signal: the entry amount', () => {
  it('is required', () => {
    expect(problem('')).toBe('validation.entryAmountRequired');
    expect(problem('   ')).toBe('validation.entryAmountRequired');
  });

  it('is at least the signal’s minimum, in cents (step 0.01)', () => {
    expect(problem('99.99')).toBe('validation.amountMin');
    expect(problem('100')).toBeUndefined();
    expect(problem('100.001')).toBe('validation.amountInvalid');
  });

  it('is at most the balance', () => {
    expect(problem('250.01', 250)).toBe('errors.insufficientBalance');
    expect(problem('250', 250)).toBeUndefined();
  });
});

describe('the expected profit preview', () => {
  it('is amount × percentageReturn / 100, to the cent', () => {
    expect(expectedProfit('250', 12.5)).toBe(31.25);
    expect(expectedProfit('100.01', 7.5)).toBe(7.5);
    expect(expectedProfit('333.33', 10)).toBe(33.33);
  });

  it('has nothing to show without a valid amount', () => {
    expect(expectedProfit('', 10)).toBeNull();
    expect(expectedProfit('abc', 10)).toBeNull();
    expect(expectedProfit('0', 10)).toBeNull();
  });
});
