import type { TTransaction } from '@meridian/contracts/transactions';
import { expect, it } from 'vitest';
import { accountTypeKey, methodName, moneyMoved, walletAddress } from './transaction-display';

const base = { depositMethod: null, withdrawalMethod: null, address: null } as const;

it('gives the account type of deposits and investments only', () => {
  expect(accountTypeKey('Deposit')).toBe('funding');
  expect(accountTypeKey('Investment')).toBe('trading');
  expect(accountTypeKey('Withdrawal')).toBeNull();
  expect(accountTypeKey('Adjustment')).toBeNull();
});

it('finds the method and the wallet address on either side of the movement', () => {
  const deposit: Pick<TTransaction, 'type' | 'depositMethod' | 'withdrawalMethod' | 'address'> = {
    ...base,
    type: 'Deposit',
    depositMethod: { id: null, name: 'USDT (TRC20)', value: 'TXYZ' },
  };
  expect(methodName(deposit)).toBe('USDT (TRC20)');
  expect(walletAddress(deposit)).toBe('TXYZ');

  const withdrawal = {
    ...base,
    type: 'Withdrawal' as const,
    withdrawalMethod: { id: null, name: 'Bitcoin' },
    address: 'bc1q',
  };
  expect(methodName(withdrawal)).toBe('Bitcoin');
  expect(walletAddress(withdrawal)).toBe('bc1q');

  const adjustment = { ...base, type: 'Adjustment' as const };
  expect(methodName(adjustment)).toBeNull();
  expect(walletAddress(adjustment)).toBeNull();
});

it('counts as moved only money that moved: not a pending deposit, nothing declined or failed', () => {
  expect(moneyMoved({ status: 'Completed', direction: 'in' })).toBe(true);
  expect(moneyMoved({ status: 'Approved', direction: 'in' })).toBe(true);
  expect(moneyMoved({ status: 'Pending', direction: 'in' })).toBe(false);
  expect(moneyMoved({ status: 'Declined', direction: 'in' })).toBe(false);
  expect(moneyMoved({ status: 'Failed', direction: 'in' })).toBe(false);
  // A pending withdrawal's amount is already held, out of the balance; a declined one went back.
  expect(moneyMoved({ status: 'Pending', direction: 'out' })).toBe(true);
  expect(moneyMoved({ status: 'Declined', direction: 'out' })).toBe(false);
});
