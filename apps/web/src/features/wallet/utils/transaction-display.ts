import type { TTransaction } from '@meridian/contracts/transactions';

/** Account type on the detail page: Funding Account for Deposit, Trading Account for Investment. */
export function accountTypeKey(type: TTransaction['type']): 'funding' | 'trading' | null {
  if (type === 'Deposit') return 'funding';
  if (type === 'Investment') return 'trading';
  return null;
}

/** The payment method's name, whichever side of the movement it is on. */
export function methodName(tx: Pick<TTransaction, 'depositMethod' | 'withdrawalMethod'>): string | null {
  return tx.depositMethod?.name ?? tx.withdrawalMethod?.name ?? null;
}

/**
 * The wallet address of a movement: where the client sent a deposit (the method's address) or
 * where a withdrawal goes (the client's own address).
 */
export function walletAddress(tx: Pick<TTransaction, 'type' | 'depositMethod' | 'address'>): string | null {
  if (tx.type === 'Withdrawal') return tx.address || null;
  return tx.depositMethod?.value || tx.address || null;
}
