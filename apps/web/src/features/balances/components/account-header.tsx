import type { TEquity } from '@meridian/contracts/balances';
import { equityAtLivePrices } from '@meridian/contracts/equity-terms';
import type { TPair } from '@meridian/contracts/pairs';
import { ChevronDown, TrendingUp } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEquity } from '@/api/balance';
import { MarginLevel } from '@/components/margin-level';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Money, SignedMoney } from '@/components/ui/money';
import { QueryView } from '@/components/ui/query-view';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { cn } from '@/lib/cn';

/**
 * What the header needs of a live quote (features/market's stream, passed in by the page): both sides,
 * since each position is valued at the side it would close at.
 */
export interface THeaderQuote {
  pair: TPair;
  bid: number;
  ask: number;
  stale: boolean;
}

export interface AccountHeaderProps {
  userId: string;
  /** Live quotes: open positions, and so equity, follow them; the server's prices otherwise. */
  quotes?: readonly THeaderQuote[];
  /** The show/hide amounts toggle of the Balance page. */
  hidden?: boolean;
  /** Buttons under the figures (the dashboard's Add Funds and Withdraw). */
  actions?: ReactNode;
}

/**
 * The account header of the dashboard and the Balance page (docs/money.md, "Equity"): equity first,
 * with what makes it up one press away, realised profit beside it, and what may be withdrawn and
 * what is held for pending withdrawals apart from it; with open positions, the margin level at the
 * same prices (docs/money.md, "Margin level").
 */
export function AccountHeader({ userId, quotes = [], hidden = false, actions }: AccountHeaderProps) {
  const { t } = useTranslation('balances');
  const equity = useEquity(userId);
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-border bg-surface p-6"
      data-testid="account-header"
    >
      <QueryView
        query={equity}
        loading={
          <LoadingStatus className="space-y-4" data-testid="loading">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-10 w-56" />
            <Skeleton className="h-4 w-72 max-w-full" />
          </LoadingStatus>
        }
        errorTitle={<span id={titleId}>{t('header.error')}</span>}
        errorDescription={() => null}
      >
        {(data) => <EquityFigures data={data} quotes={quotes} hidden={hidden} titleId={titleId} />}
      </QueryView>
      {actions && <div className="mt-6 flex flex-wrap gap-3">{actions}</div>}
    </section>
  );
}

function EquityFigures({
  data,
  quotes,
  hidden,
  titleId,
}: {
  data: TEquity;
  quotes: readonly THeaderQuote[];
  hidden: boolean;
  titleId: string;
}) {
  const { t } = useTranslation('balances');
  const format = useLocaleFormat();
  const [open, setOpen] = useState(false);
  const partsId = useId();
  const valued = equityAtLivePrices(data, quotes);
  const pricing =
    data.positions.length === 0
      ? null
      : valued.live
        ? t('header.atLivePrices')
        : valued.pricedAt
          ? t('header.asOf', { time: format.dateTime(valued.pricedAt) })
          : t('header.noPrice');

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className="text-sm font-medium text-muted">
            {t('header.equity')}
          </h2>
          <p className="text-xs text-muted">{t('header.equityHint')}</p>
        </div>
        <Badge
          tone={hidden || data.realisedProfit === 0 ? 'neutral' : data.realisedProfit > 0 ? 'success' : 'danger'}
          icon={<TrendingUp className="h-3.5 w-3.5" aria-hidden="true" />}
        >
          <span data-testid="realised-profit">
            {t('profit.title')} <SignedMoney amount={data.realisedProfit} hidden={hidden} />
          </span>
        </Badge>
      </div>

      <p className="mt-3 text-4xl font-semibold tracking-tight text-fg" data-testid="equity">
        <Money amount={valued.equity} hidden={hidden} />
      </p>
      {pricing && (
        <p className="mt-1 text-xs text-muted" data-testid="equity-pricing">
          {pricing}
        </p>
      )}

      <Button
        variant="ghost"
        size="sm"
        className="mt-3 -ml-3 text-primary"
        aria-expanded={open}
        aria-controls={partsId}
        onClick={() => setOpen((value) => !value)}
        data-testid="equity-parts-toggle"
      >
        <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        {t('header.parts')}
      </Button>
      <dl
        id={partsId}
        hidden={!open}
        className="mt-2 max-w-md divide-y divide-border text-sm"
        data-testid="equity-parts"
      >
        <Part label={t('header.cash')} hint={t('header.cashHint')} testId="part-cash">
          <Money amount={data.cash} hidden={hidden} />
        </Part>
        <Part label={t('balance.bonus')} testId="part-bonus">
          <Money amount={data.bonus} hidden={hidden} />
        </Part>
        <Part label={t('header.invested')} testId="part-invested">
          <Money amount={data.invested} hidden={hidden} />
        </Part>
        <Part label={t('header.margin')} testId="part-margin">
          <Money amount={data.margin} hidden={hidden} />
        </Part>
        <Part label={t('header.stakes')} testId="part-stakes">
          <Money amount={data.stakes} hidden={hidden} />
        </Part>
        {data.orders !== 0 && (
          <Part label={t('header.orders')} testId="part-orders">
            <Money amount={data.orders} hidden={hidden} />
          </Part>
        )}
        <Part label={t('header.unrealised')} hint={pricing ?? undefined} testId="part-unrealised">
          <SignedMoney amount={valued.unrealisedPnl} hidden={hidden} />
        </Part>
        {data.tradingDifference !== 0 && (
          <Part label={t('header.cleared')} hint={t('header.clearedHint')} testId="part-cleared">
            <SignedMoney amount={data.tradingDifference} hidden={hidden} />
          </Part>
        )}
        <Part label={t('header.equity')} testId="part-total" strong>
          <Money amount={valued.equity} hidden={hidden} />
        </Part>
      </dl>

      <dl className="mt-5 grid gap-4 border-t border-border pt-5 sm:grid-cols-2">
        <div data-testid="withdrawable">
          <dt className="text-sm text-muted">{t('balance.withdrawable')}</dt>
          <dd className="mt-1 text-lg font-semibold text-fg">
            <Money amount={data.withdrawable} hidden={hidden} />
          </dd>
          <dd className="mt-1 text-xs text-muted">{t('balance.withdrawableHint')}</dd>
        </div>
        <div data-testid="held">
          <dt className="text-sm text-muted">{t('balance.held')}</dt>
          <dd className="mt-1 text-lg font-semibold text-fg">
            <Money amount={data.withdrawalHold} hidden={hidden} />
          </dd>
          <dd className="mt-1 text-xs text-muted">{t('balance.heldHint')}</dd>
        </div>
        {valued.marginLevel !== null && (
          <MarginLevel level={valued.marginLevel} callLevel={data.marginCallLevel} closeOutLevel={data.closeOutLevel} />
        )}
      </dl>
    </>
  );
}

/** One part of equity: its name (and what it is), and the amount at the end of the line. */
function Part({
  label,
  hint,
  strong = false,
  testId,
  children,
}: {
  label: string;
  hint?: string | undefined;
  strong?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2" data-testid={testId}>
      <dt className={cn('min-w-0', strong ? 'font-semibold text-fg' : 'text-muted')}>
        {label}
        {hint && <span className="block text-xs text-muted">{hint}</span>}
      </dt>
      <dd className={cn('shrink-0 text-right', strong ? 'font-semibold text-fg' : 'font-medium text-fg')}>
        {children}
      </dd>
    </div>
  );
}
