import type { TQuote } from '@meridian/contracts/market';
import { MARKET_PAIRS, type TPair } from '@meridian/contracts/pairs';
import { ArrowDown, ArrowDownRight, ArrowUp, ArrowUpRight, Plus, Star, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useSaveWatchlist, useWatchlist } from '../api/watchlist';
import { usePriceFormat } from '../hooks/use-price-format';

/**
 * The client's watchlist on their dashboard: the pairs they follow, in their order, with the live
 * bid, ask and 24-hour change (`quotes`: the page reads the price stream and hands them in). Each pair moves up or down
 * and leaves by its own buttons (keyboard and touch alike, no dragging needed); the pairs not on
 * the list can be added below it. Every change is shown at once and saved; a refused save says so
 * and shows the list the server holds.
 */
export function Watchlist({ quotes }: { quotes: readonly TQuote[] }) {
  const { t } = useTranslation('market');
  const titleId = useId();
  const list = useWatchlist();
  const save = useSaveWatchlist(() => toast.error(t('watchlist.saveFailed')));
  const pairs = list.data?.pairs ?? [];
  // Read by the buttons at the moment they are pressed: a second press before the re-render
  // starts from the first one's list.
  const current = useRef(pairs);
  current.current = pairs;
  /** The button to focus once the list has re-rendered: a moved row's own button follows it. */
  const focusAfter = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the new list is the trigger, the target is in the ref
  useLayoutEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  }, [pairs]);

  const change = (next: TPair[], focus?: string) => {
    focusAfter.current = focus ?? null;
    current.current = next;
    save(next);
  };
  const move = (pair: TPair, by: -1 | 1) => {
    const next = [...current.current];
    const index = next.indexOf(pair);
    const to = index + by;
    if (index < 0 || to < 0 || to >= next.length) return;
    next.splice(index, 1);
    next.splice(to, 0, pair);
    // At an end it cannot move further that way: the focus goes to its other button.
    const atEnd = by === -1 ? to === 0 : to === next.length - 1;
    const direction = (by === -1) !== atEnd ? 'up' : 'down';
    change(next, `${titleId}-${pair}-${direction}`);
  };
  const remove = (pair: TPair) => {
    const before = current.current;
    const index = before.indexOf(pair);
    // The focus stays in the list: on the next row's Remove (or the one before), else the add field.
    const neighbour = before[index + 1] ?? before[index - 1];
    change(
      before.filter((p) => p !== pair),
      neighbour ? `${titleId}-${neighbour}-remove` : `${titleId}-add`,
    );
  };

  return (
    <section
      aria-labelledby={titleId}
      className="min-w-0 rounded-2xl border border-border bg-surface p-4 sm:p-5"
      data-testid="watchlist"
    >
      <h2 id={titleId} className="font-semibold text-fg">
        {t('watchlist.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('watchlist.lead')}</p>
      <div className="mt-3">
        {list.isPending ? (
          <div className="space-y-2" aria-busy="true">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : list.isError ? (
          <ErrorState
            title={t('watchlist.loadFailed')}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : pairs.length === 0 ? (
          <EmptyState icon={Star} title={t('watchlist.empty')} description={t('watchlist.emptyHint')} />
        ) : (
          <ol className="divide-y divide-border" data-testid="watchlist-rows">
            {pairs.map((pair, index) => (
              <WatchRow
                key={pair}
                pair={pair}
                quote={quotes.find((q) => q.pair === pair)}
                idPrefix={`${titleId}-${pair}`}
                first={index === 0}
                last={index === pairs.length - 1}
                onUp={() => move(pair, -1)}
                onDown={() => move(pair, 1)}
                onRemove={() => remove(pair)}
              />
            ))}
          </ol>
        )}
      </div>
      {list.isSuccess && (
        <AddPair
          idPrefix={titleId}
          missing={MARKET_PAIRS.filter((pair) => !pairs.includes(pair))}
          onAdd={(pair) => change([...pairs, pair])}
        />
      )}
    </section>
  );
}

interface WatchRowProps {
  pair: TPair;
  quote: TQuote | undefined;
  idPrefix: string;
  first: boolean;
  last: boolean;
  onUp: () => void;
  onDown: () => void;
  onRemove: () => void;
}

/** One pair: its bid, ask and change as they stream in, and its buttons. */
function WatchRow({ pair, quote, idPrefix, first, last, onUp, onDown, onRemove }: WatchRowProps) {
  const { t } = useTranslation('market');
  const format = usePriceFormat();
  const rising = (quote?.changePct ?? 0) >= 0;
  const Arrow = rising ? ArrowUpRight : ArrowDownRight;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="watchlist-row" data-pair={pair}>
      <span className="min-w-[5.5rem] font-semibold text-fg">{pair}</span>
      {quote ? (
        <dl className="flex flex-1 flex-wrap items-center justify-end gap-x-4 gap-y-1 text-sm tabular-nums">
          <div className="flex gap-1">
            <dt className="text-muted">{t('columns.bid')}</dt>
            <dd className="font-mono text-fg" data-testid="watchlist-bid">
              {format.price(pair, quote.bid)}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-muted">{t('columns.ask')}</dt>
            <dd className="font-mono text-fg">{format.price(pair, quote.ask)}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="sr-only">{t('columns.change')}</dt>
            <dd className={cn('inline-flex items-center gap-0.5 font-mono', rising ? 'text-success' : 'text-danger')}>
              <Arrow className="h-4 w-4" aria-hidden="true" />
              {format.change(quote.changePct)}
            </dd>
          </div>
          {quote.stale && (
            <span className="rounded-full bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning">
              {t('stale')}
            </span>
          )}
        </dl>
      ) : (
        <Skeleton className="h-5 flex-1" />
      )}
      <div className="flex gap-1">
        <RowButton id={`${idPrefix}-up`} label={t('watchlist.moveUp', { pair })} onClick={onUp} disabled={first}>
          <ArrowUp className="h-4 w-4" aria-hidden="true" />
        </RowButton>
        <RowButton id={`${idPrefix}-down`} label={t('watchlist.moveDown', { pair })} onClick={onDown} disabled={last}>
          <ArrowDown className="h-4 w-4" aria-hidden="true" />
        </RowButton>
        <RowButton id={`${idPrefix}-remove`} label={t('watchlist.remove', { pair })} onClick={onRemove} danger>
          <X className="h-4 w-4" aria-hidden="true" />
        </RowButton>
      </div>
    </li>
  );
}

/** One of a row's icon buttons; its label says what it does to which pair. */
function RowButton({
  id,
  label,
  onClick,
  disabled = false,
  danger = false,
  children,
}: {
  id: string;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      id={id}
      variant={danger ? 'dangerGhost' : 'ghost'}
      size="icon"
      className="h-9 w-9"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
    >
      {children}
    </Button>
  );
}

/** A select of the pairs not on the list, and Add. */
function AddPair({ idPrefix, missing, onAdd }: { idPrefix: string; missing: TPair[]; onAdd: (pair: TPair) => void }) {
  const { t } = useTranslation('market');
  const [chosen, setChosen] = useState('');
  const selectId = `${idPrefix}-add`;
  if (missing.length === 0) return <p className="mt-3 text-sm text-muted">{t('watchlist.full')}</p>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pair = missing.find((p) => p === chosen);
    if (!pair) return;
    onAdd(pair);
    setChosen('');
  };
  return (
    <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-2 border-t border-border pt-3">
      <div className="min-w-[10rem] flex-1">
        <SelectField
          id={selectId}
          label={t('watchlist.addLabel')}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          data-testid="watchlist-add-pair"
        >
          <option value="" disabled>
            {t('watchlist.choose')}
          </option>
          {missing.map((pair) => (
            <option key={pair} value={pair}>
              {pair}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" variant="outline" disabled={chosen === ''} data-testid="watchlist-add">
        <Plus className="h-4 w-4" aria-hidden="true" />
        {t('watchlist.add')}
      </Button>
    </form>
  );
}
