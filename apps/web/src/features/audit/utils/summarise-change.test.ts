import { expect, it } from 'vitest';
import { summariseChange } from './summarise-change';

it('keeps only the fields that changed, with an unchanged amount as context', () => {
  expect(summariseChange({ status: 'Pending', amount: '$400.00' }, { status: 'Declined', amount: '$400.00' })).toEqual({
    changes: [{ field: 'status', before: 'Pending', after: 'Declined' }],
    amount: '$400.00',
  });
  expect(
    summariseChange({ balance: 1500, profitBalance: 0, bonus: 0 }, { balance: 1750, profitBalance: 0, bonus: 0 }),
  ).toEqual({ changes: [{ field: 'balance', before: 1500, after: 1750 }] });
});

it("lists a created record's fields with nothing before, leaving out id and timestamps", () => {
  const created = { id: 'x', name: 'Bitcoin', minAmount: 50, createdAt: '2026-01-01T00:00:00.000Z' };
  expect(summariseChange(null, created).changes).toEqual([
    { field: 'name', before: undefined, after: 'Bitcoin' },
    { field: 'minAmount', before: undefined, after: 50 },
  ]);
  expect(summariseChange({ name: 'BTC' }, null).changes).toEqual([{ field: 'name', before: 'BTC', after: undefined }]);
});

it('compares nested values by content and shows plain values as one change', () => {
  expect(summariseChange({ limits: { min: 1 } }, { limits: { min: 1 } }).changes).toEqual([]);
  expect(summariseChange(10, 25).changes).toEqual([{ field: '', before: 10, after: 25 }]);
  expect(summariseChange(null, undefined).changes).toEqual([]);
});

it('leaves the client id and empty fields out of a deleted record, with its amount as context', () => {
  const deposit = {
    id: 'x',
    userId: 'u',
    type: 'Deposit',
    status: 'Pending',
    amount: 100,
    address: null,
    reason: null,
    depositMethod: { id: 'm', name: 'USDT (TRC20)', value: 'TX1' },
  };
  expect(summariseChange(deposit, null).changes.map((change) => change.field)).toEqual([
    'type',
    'status',
    'amount',
    'depositMethod',
  ]);
});

it('keeps an amount only the state before names as context (a deleted withdrawal)', () => {
  expect(summariseChange({ status: 'Pending', amount: '$50.00' }, { status: 'Declined', deleted: true })).toEqual({
    changes: [
      { field: 'status', before: 'Pending', after: 'Declined' },
      { field: 'deleted', before: undefined, after: true },
    ],
    amount: '$50.00',
  });
});
