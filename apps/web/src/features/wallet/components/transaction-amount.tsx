import type { TTransaction } from '@meridian/contracts/transactions';
import { Money } from '@/components/ui/money';
import { cn } from '@/lib/cn';
import { moneyMoved } from '../utils/transaction-display';

/**
 * The amount as money that moved: in with + (green), out with − (by direction, not only by type).
 * Money that has not moved (a pending deposit, a declined record) shows without a sign, muted, and
 * struck through when nothing will move.
 */
export function TransactionAmount({
  tx,
  className,
}: {
  tx: Pick<TTransaction, 'amount' | 'direction' | 'status'>;
  className?: string;
}) {
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
