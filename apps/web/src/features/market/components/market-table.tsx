import type { TQuote } from '@meridian/contracts/market';
import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { usePriceFormat } from '../hooks/use-price-format';

type TMove = 'up' | 'down' | 'flat';

/** The pair reads from the left; the figures line up on the right. */
const COLUMNS = [
  { key: 'pair', align: 'text-left' },
  { key: 'bid', align: 'text-right' },
  { key: 'ask', align: 'text-right' },
  { key: 'change', align: 'text-right' },
] as const;

/** Which way the bid moved since this row last rendered, kept until it moves again. */
function useLastMove(bid: number): TMove {
  const previous = useRef(bid);
  const move = useRef<TMove>('flat');
  if (bid !== previous.current) {
    move.current = bid > previous.current ? 'up' : 'down';
    previous.current = bid;
  }
  return move.current;
}

const moveColour: Record<TMove, string> = { up: 'text-success', down: 'text-danger', flat: 'text-fg' };

function QuoteRow({ quote }: { quote: TQuote }) {
  const { t } = useTranslation('market');
  const format = usePriceFormat();
  const move = useLastMove(quote.bid);
  const rising = quote.changePct >= 0;
  const Arrow = rising ? ArrowUpRight : ArrowDownRight;
  return (
    <tr className="border-t border-border" data-testid="quote-row" data-pair={quote.pair}>
      <th scope="row" className="whitespace-nowrap px-3 py-3 sm:px-4 text-left font-semibold text-fg">
        {quote.pair}
        {quote.stale && (
          <span className="ml-2 rounded-full bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning">
            {t('stale')}
          </span>
        )}
      </th>
      <td
        className={cn('px-3 py-3 sm:px-4 text-right font-mono tabular-nums transition-colors', moveColour[move])}
        data-testid="bid"
      >
        {format.price(quote.pair, quote.bid)}
      </td>
      <td className="px-3 py-3 sm:px-4 text-right font-mono tabular-nums text-fg">
        {format.price(quote.pair, quote.ask)}
      </td>
      <td
        className={cn('px-3 py-3 sm:px-4 text-right font-mono tabular-nums', rising ? 'text-success' : 'text-danger')}
      >
        <span className="inline-flex items-center justify-end gap-1">
          <Arrow className="h-4 w-4" aria-hidden="true" />
          {format.change(quote.changePct)}
        </span>
      </td>
    </tr>
  );
}

/**
 * Bid, ask and 24-hour change of the 10 pairs, updated in place as prices stream in. No live region:
 * a screen reader is not interrupted on every tick; the figures are read when the reader gets there.
 */
export function MarketTable({ quotes, caption }: { quotes: readonly TQuote[]; caption: string }) {
  const { t } = useTranslation('market');
  return (
    // A region of its own that takes focus: when a phone is too narrow for wide prices, its sideways
    // scroll is reachable by keyboard too (WCAG 2.1.1).
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-border bg-surface focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className="w-full min-w-[20rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-xs uppercase tracking-wide text-muted">
            {COLUMNS.map(({ key, align }) => (
              <th key={key} scope="col" className={cn('px-3 py-2 font-medium sm:px-4', align)}>
                {t(`columns.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {quotes.length === 0
            ? Array.from({ length: 10 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <tr key={i} className="border-t border-border">
                  <td colSpan={COLUMNS.length} className="px-3 py-3 sm:px-4">
                    <Skeleton className="h-5 w-full" />
                  </td>
                </tr>
              ))
            : quotes.map((quote) => <QuoteRow key={quote.pair} quote={quote} />)}
        </tbody>
      </table>
    </section>
  );
}
