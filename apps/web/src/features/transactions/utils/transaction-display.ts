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

/**
 * Whether a record's money has moved: a completed or approved record has; a pending withdrawal has
 * too (the amount is held, out of the balance); a pending deposit has not arrived yet; a declined or
 * failed record moved nothing (a declined withdrawal's hold went back).
 */
export function moneyMoved(tx: Pick<TTransaction, 'status' | 'direction'>): boolean {
  if (tx.status === 'Completed' || tx.status === 'Approved') return true;
  return tx.status === 'Pending' && tx.direction === 'out';
}

/** A position or a signal trade: it names its pair and, once closed or settled, its result. */
export function isTradeRecord(tx: Pick<TTransaction, 'type'>): boolean {
  return tx.type === 'Position' || tx.type === 'Signal';
}

/**
 * The result of a closed position or a settled signal trade in dollars (negative for a loss); null
 * for any other record and while it runs.
 */
export function tradeResult(tx: Pick<TTransaction, 'type' | 'pnl'>): number | null {
  return isTradeRecord(tx) ? tx.pnl : null;
}
