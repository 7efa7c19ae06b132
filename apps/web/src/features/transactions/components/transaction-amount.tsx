import type { TTransaction } from '@meridian/contracts/transactions';
import { Money } from '@/components/ui/money';
import { cn } from '@/lib/cn';
import { moneyMoved, tradeResult } from '../utils/transaction-display';

/**
 * The amount as money that moved: in with + (green), out with − (by direction, not only by type).
 * Money that has not moved (a pending deposit, a declined record) shows without a sign, muted, and
 * struck through when nothing will move. A closed position or settled signal trade shows what it
 * made: its result, + green or − red (while it runs, its margin or entry is out of the balance).
 */
export function TransactionAmount({
  tx,
  className,
}: {
  tx: Pick<TTransaction, 'amount' | 'direction' | 'status'> & Partial<Pick<TTransaction, 'type' | 'pnl'>>;
  className?: string;
}) {
  const result = tx.type === undefined ? null : tradeResult({ type: tx.type, pnl: tx.pnl ?? null });
  if (result !== null) {
    return (
      <Money
        amount={result}
        direction={result > 0 ? 'in' : result < 0 ? 'out' : undefined}
        className={cn('font-semibold', result > 0 ? 'text-success' : result < 0 ? 'text-danger' : 'text-fg', className)}
      />
    );
  }
  if (!moneyMoved(tx)) {
    const final = tx.status === 'Declined' || tx.status === 'Failed';
    return <Money amount={tx.amount} className={cn('font-semibold text-muted', final && 'line-through', className)} />;
  }
  return (
    <Money
      amount={tx.amount}
      direction={tx.direction}
      className={cn('font-semibold', tx.direction === 'in' ? 'text-success' : 'text-fg', className)}
    />
  );
}
