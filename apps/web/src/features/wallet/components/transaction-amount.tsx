import type { TTransaction } from '@meridian/contracts/transactions';
import { Money } from '@/components/ui/money';
import { cn } from '@/lib/cn';

/** The amount with its sign: money in is +, money out is − (by direction, not only by type). */
export function TransactionAmount({
  tx,
  className,
}: {
  tx: Pick<TTransaction, 'amount' | 'direction'>;
  className?: string;
}) {
  return (
    <Money
      amount={tx.amount}
      direction={tx.direction}
      className={cn('font-semibold', tx.direction === 'in' ? 'text-success' : 'text-fg', className)}
    />
  );
}
