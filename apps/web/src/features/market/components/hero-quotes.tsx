import { MARKET_PAIRS } from '@meridian/contracts/pairs';
import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useLiveQuotes } from '../hooks/use-live-quotes';
import { usePriceFormat } from '../hooks/use-price-format';

/**
 * The hero's live prices: the 10 pairs' mid price and 24-hour change from the page's one price
 * stream (shared with the market section further down), in a card of fixed height. Where the prices
 * come from is said under them, as in the market section. Loaded after the first paint, in a chunk
 * of its own (home-page.tsx), so it costs the home page's initial JavaScript nothing. `className`
 * gives it its height, the same as the placeholder shown while the chunk loads, so nothing moves
 * when it arrives; the rows share that height.
 */
export function HeroQuotes({ className }: { className?: string }) {
  const { t } = useTranslation('market');
  const format = usePriceFormat();
  const { quotes, connected } = useLiveQuotes();
  const simulated = quotes.some((quote) => quote.source === 'simulated');
  return (
    <section
      aria-labelledby="hero-quotes-title"
      aria-describedby="hero-quotes-lead"
      className={cn('flex flex-col rounded-2xl border border-border bg-bg p-4 shadow-sm', className)}
      data-testid="hero-quotes"
    >
      <div className="flex h-6 items-center justify-between gap-3">
        <h2 id="hero-quotes-title" className="text-sm font-semibold text-fg">
          {t('hero.title')}
        </h2>
        <span
          aria-hidden="true"
          className={cn('h-2 w-2 rounded-full', connected ? 'bg-success motion-safe:animate-pulse' : 'bg-border')}
        />
      </div>
      <p id="hero-quotes-lead" className="sr-only">
        {t('hero.lead')}
      </p>
      <ul className="mt-3 grid flex-1 grid-cols-2 grid-rows-5 gap-2">
        {MARKET_PAIRS.map((pair) => {
          const quote = quotes.find((q) => q.pair === pair);
          const rising = (quote?.changePct ?? 0) >= 0;
          const Arrow = rising ? ArrowUpRight : ArrowDownRight;
          return (
            <li
              key={pair}
              className="flex min-w-0 flex-col justify-center rounded-xl border border-border bg-surface px-3"
              data-testid="hero-quote"
              data-pair={pair}
            >
              <span className="flex items-center justify-between gap-1 text-xs">
                <span className="font-medium text-muted">{pair}</span>
                {quote ? (
                  <span
                    className={cn('inline-flex items-center tabular-nums', rising ? 'text-success' : 'text-danger')}
                  >
                    <Arrow className="h-3 w-3" aria-hidden="true" />
                    {format.change(quote.changePct)}
                  </span>
                ) : null}
              </span>
              {quote ? (
                <span className="mt-0.5 truncate font-mono text-base font-semibold tabular-nums text-fg">
                  {format.price(pair, quote.mid)}
                </span>
              ) : (
                <Skeleton className="mt-1 h-5 w-20" />
              )}
            </li>
          );
        })}
      </ul>
      <p className="mt-3 h-4 truncate text-xs leading-4 text-muted">
        {quotes.length === 0 ? '' : connected ? t(simulated ? 'source.simulated' : 'source.live') : t('reconnecting')}
      </p>
    </section>
  );
}
