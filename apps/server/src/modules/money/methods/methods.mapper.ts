import type { TDepositMethod, TWithdrawalMethod } from '@meridian/contracts/methods';
import { fromCents } from '@meridian/contracts/money';
import type { TDepositMethodRow, TWithdrawalMethodRow } from './methods.repository.ts';

/** The only way a deposit method row leaves the server: amounts in dollars. */
export function toApiDepositMethod(row: TDepositMethodRow): TDepositMethod {
  return {
    id: row.id,
    name: row.name,
    value: row.value,
    description: row.description,
    minAmount: fromCents(row.minAmount),
    maxAmount: fromCents(row.maxAmount),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toApiWithdrawalMethod(row: TWithdrawalMethodRow): TWithdrawalMethod {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    minAmount: fromCents(row.minAmount),
    maxAmount: fromCents(row.maxAmount),
    createdAt: row.createdAt.toISOString(),
  };
}
