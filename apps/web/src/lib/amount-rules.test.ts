import { expect, it } from 'vitest';
import { amountProblem } from './amount-rules';

const limits = { min: 10, max: 50_000 };

it('accepts amounts within the method limits, edges included', () => {
  expect(amountProblem('10', limits)).toBeUndefined();
  expect(amountProblem('10.00', limits)).toBeUndefined();
  expect(amountProblem('50000', limits)).toBeUndefined();
  expect(amountProblem(1234.56, limits)).toBeUndefined();
});

it('names the limit an amount breaks, comparing cents', () => {
  expect(amountProblem('9.99', limits)).toBe('validation.amountMin');
  expect(amountProblem('50000.01', limits)).toBe('validation.amountMax');
  expect(amountProblem('0', { min: 0, max: 100 })).toBe('validation.amountPositive');
  expect(amountProblem('0.1', { min: 0.1, max: 0.3 })).toBeUndefined();
  expect(amountProblem('0.3', { min: 0.1, max: 0.3 })).toBeUndefined();
});

it('refuses a withdrawal above what can be withdrawn', () => {
  expect(amountProblem('120', { ...limits, available: 120 })).toBeUndefined();
  expect(amountProblem('120.01', { ...limits, available: 120 })).toBe('errors.amountAboveWithdrawable');
  // The method's own limits speak first.
  expect(amountProblem('5', { ...limits, available: 1 })).toBe('validation.amountMin');
});

it('leaves text that is not an amount to the contract schema', () => {
  expect(amountProblem('abc', limits)).toBeUndefined();
  expect(amountProblem('1.234', limits)).toBeUndefined();
});
