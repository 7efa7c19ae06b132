import { useRef } from 'react';
import { useEquity } from '@/api/balance';
import { useInView } from '@/components/when-visible';
import { AccountHeader, type AccountHeaderProps } from '@/features/balances/components/account-header';
import { useLiveQuotes } from '@/features/market/hooks/use-live-quotes';

/**
 * The account header with its open positions, and so its equity, valued at live prices while it is
 * on the screen: the quote stream opens only for a client who has an open position.
 */
export function LiveAccountHeader(props: Omit<AccountHeaderProps, 'quotes'>) {
  const ref = useRef<HTMLDivElement>(null);
  const equity = useEquity(props.userId);
  const hasPositions = (equity.data?.positions.length ?? 0) > 0;
  const inView = useInView(ref);
  const { quotes } = useLiveQuotes(inView && hasPositions);
  return (
    <div ref={ref} className="min-w-0">
      <AccountHeader {...props} quotes={quotes} />
    </div>
  );
}
