import type { TSignal } from '@meridian/contracts/signals';
import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The head of a signal's card, the admin's and the client's alike: its title, the pair with the way
 * the target lies from the entry, and the card's badges.
 */
export function SignalCardHeader({
  signal,
  titleId,
  directionLabel,
  badges,
}: {
  signal: TSignal;
  titleId: string;
  /** The words for the direction, given whether the target lies above the entry. */
  directionLabel: (up: boolean) => string;
  badges: ReactNode;
}) {
  const up = signal.targetPrice > signal.entryPrice;
  const Direction = up ? ArrowUpRight : ArrowDownRight;
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0">
        <h2 id={titleId} className="break-words text-lg font-semibold text-fg">
          {signal.title}
        </h2>
        <p className="mt-0.5 flex items-center gap-1.5 text-sm text-muted">
          <Direction className={up ? 'h-4 w-4 text-success' : 'h-4 w-4 text-danger'} aria-hidden="true" />
          {signal.asset} · {directionLabel(up)}
        </p>
      </div>
      {badges}
    </div>
  );
}

/** One figure of a signal's card: its label above its value. */
export function SignalFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="truncate font-medium tabular-nums text-fg">{children}</dd>
    </div>
  );
}
