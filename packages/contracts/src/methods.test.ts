import { expect, it } from 'vitest';
import { ZDepositMethodInput, ZWithdrawalMethodInput } from './methods.ts';

const base = { name: 'USDT (TRC20)', value: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', description: 'Tron network' };

it("says 'Amount must be positive' for a negative limit", () => {
  const result = ZDepositMethodInput.safeParse({ ...base, minAmount: '-5', maxAmount: -1 });
  expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
    ['minAmount', 'validation.amountNonNegative'],
    ['maxAmount', 'validation.amountNonNegative'],
  ]);
});

it('accepts a limit of 0 and amounts with two decimals', () => {
  const { value: _value, ...withdrawal } = base;
  expect(ZDepositMethodInput.safeParse({ ...base, minAmount: '0', maxAmount: '10.5' }).success).toBe(true);
  expect(ZWithdrawalMethodInput.safeParse({ ...withdrawal, minAmount: 0, maxAmount: 25.25 }).success).toBe(true);
});

it('keeps the other amount messages', () => {
  const result = ZDepositMethodInput.safeParse({ ...base, minAmount: '', maxAmount: '1.234' });
  expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual(
    expect.arrayContaining([
      ['minAmount', 'validation.minAmountRequired'],
      ['maxAmount', 'validation.amountInvalid'],
    ]),
  );
});
