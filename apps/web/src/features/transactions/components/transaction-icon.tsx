import type { TTransaction } from '@meridian/contracts/transactions';
import {
  ArrowDownLeft,
  ArrowUpRight,
  CandlestickChart,
  Coins,
  Radio,
  SlidersHorizontal,
  TrendingUp,
} from 'lucide-react';
import { cn } from '@/lib/cn';

const icons = {
  Deposit: ArrowDownLeft,
  Withdrawal: ArrowUpRight,
  Investment: TrendingUp,
  Adjustment: SlidersHorizontal,
  Payout: Coins,
  Position: CandlestickChart,
  Signal: Radio,
} as const satisfies Record<TTransaction['type'], unknown>;

/** A round icon for the kind of movement; decorative (the row's words say the same). */
export function TransactionIcon({ type, className }: { type: TTransaction['type']; className?: string }) {
  const Icon = icons[type];
  return (
    <span
      aria-hidden="true"
      className={cn('grid h-10 w-10 shrink-0 place-items-center rounded-full bg-surface-2 text-muted', className)}
    >
      <Icon className="h-5 w-5" />
    </span>
  );
}
