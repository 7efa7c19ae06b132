import { equityAtLivePrices } from '@meridian/contracts/equity-terms';
import type { TQuote } from '@meridian/contracts/market';
import type { TPosition, TPositionList } from '@meridian/contracts/positions';
import { ChartCandlestick, Layers, Plus, Scale, TrendingDown, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEquity } from '@/api/balance';
import { MarginLevel } from '@/components/margin-level';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SignedMoney } from '@/components/ui/money';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { SummaryFigure, SummaryFigures, SummaryFiguresLoading } from '@/components/ui/summary-figures';
import { usePageParam } from '@/hooks/use-page-param';
import { useUserPositions } from '../api/get-user-positions';
import { ClosePositionDialog } from './close-position-dialog';
import { OpenPositionDialog } from './open-position-dialog';
import { PositionsTable } from './positions-table';
import { ProtectionDialog } from './protection-dialog';

export interface PositionsPageProps {
  userId: string;
  /** The live quotes of the pairs (the page reads the price stream and hands them in). */
  quotes: readonly TQuote[];
}

/**
 * /user/positions: the summary cards, with open positions the account's margin level, Open Trade, and
 * the client's positions, 10 a page. An open position shows what it would make now at the live
 * price, can be closed at market, and its take-profit and stop-loss changed.
 */
export function PositionsPage({ userId, quotes }: PositionsPageProps) {
  const { t } = useTranslation(['positions', 'common']);
  const [page, setPage] = usePageParam();
  const query = useUserPositions(userId, page);
  const [opening, setOpening] = useState(false);
  const [closing, setClosing] = useState<TPosition | null>(null);
  const [editing, setEditing] = useState<TPosition | null>(null);
  const openPositionButton = (
    <Button onClick={() => setOpening(true)} data-testid="open-trade">
      <Plus className="h-4 w-4" aria-hidden="true" />
      {t('positions:positions.openTrade')}
    </Button>
  );

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-fg">{t('positions:positions.title')}</h1>
          <p className="mt-1 text-sm text-muted">{t('positions:positions.subtitle')}</p>
        </div>
        {openPositionButton}
      </div>

      <QueryView
        query={query}
        loading={<SummaryFiguresLoading figures={4} columns={4} />}
        errorTitle={t('positions:positions.error')}
      >
        {(data) => (
          <>
            <Summary summary={data.summary} />
            {openCount(data) > 0 && <AccountMargin userId={userId} quotes={quotes} />}
            {data.positions.length === 0 ? (
              <EmptyState
                icon={ChartCandlestick}
                title={t('positions:positions.empty')}
                description={t('positions:positions.emptyHint')}
                action={openPositionButton}
              />
            ) : (
              <section aria-labelledby="positions-list">
                <h2 id="positions-list" className="sr-only">
                  {t('positions:positions.caption')}
                </h2>
                <PositionsTable
                  positions={data.positions}
                  quotes={quotes}
                  onClose={setClosing}
                  onEditLevels={setEditing}
                />
                <Pager page={page} totalPage={data.totalPage} onPageChange={setPage} />
              </section>
            )}
          </>
        )}
      </QueryView>

      <OpenPositionDialog userId={userId} quotes={quotes} open={opening} onOpenChange={setOpening} />
      <ClosePositionDialog
        userId={userId}
        position={closing}
        quote={quotes.find((quote) => quote.pair === closing?.asset)}
        onOpenChange={(open) => {
          if (!open) setClosing(null);
        }}
      />
      {editing && (
        <ProtectionDialog
          position={editing}
          quote={quotes.find((quote) => quote.pair === editing.asset)}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

/** Trading Pairs, Total Profit, Total Loss and Net P&L, over all of the client's positions. */
function Summary({ summary }: { summary: TPositionList['summary'] }) {
  const { t } = useTranslation('positions');
  return (
    <SummaryFigures title={t('positions.summary.title')} columns={4} testId="positions-summary">
      <SummaryFigure label={t('positions.summary.tradingPairs')} icon={Layers} testId="summary-pairs">
        <span className="tabular-nums">{summary?.tradingPairs ?? 0}</span>
      </SummaryFigure>
      <SummaryFigure label={t('positions.summary.totalProfit')} icon={TrendingUp} testId="summary-profit">
        <SignedMoney amount={summary?.totalProfit ?? 0} />
      </SummaryFigure>
      <SummaryFigure label={t('positions.summary.totalLoss')} icon={TrendingDown} testId="summary-loss">
        <SignedMoney amount={-(summary?.totalLoss ?? 0)} />
      </SummaryFigure>
      <SummaryFigure label={t('positions.summary.netPnl')} icon={Scale} testId="summary-net">
        <SignedMoney amount={summary?.netPnl ?? 0} />
      </SummaryFigure>
    </SummaryFigures>
  );
}

/** The client's open positions: the summary's count (over every page), or this page's when it has none. */
const openCount = (list: TPositionList) =>
  list.summary?.open ?? list.positions.filter((position) => position.status === 'open').length;

/** Laid out as the summary cards above: two columns wide, so half the row from `lg`. */
const MARGIN_GRID = 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4';

/**
 * The account's margin level under the summary cards, valued at the live quotes as the account
 * header values it (docs/money.md, "Margin level"); shown only while the client has open positions.
 */
function AccountMargin({ userId, quotes }: { userId: string; quotes: readonly TQuote[] }) {
  const { t } = useTranslation('balances');
  const equity = useEquity(userId);
  if (!equity.data) {
    return equity.isError ? (
      <p className="text-sm text-muted" data-testid="positions-margin-error">
        {t('marginLevel.error')}
      </p>
    ) : (
      <LoadingStatus className={MARGIN_GRID}>
        <Skeleton className="col-span-2 h-28 rounded-2xl" />
      </LoadingStatus>
    );
  }
  const level = equityAtLivePrices(equity.data, quotes).marginLevel;
  if (level === null) return null;
  return (
    <div className={MARGIN_GRID}>
      <dl className="col-span-2 rounded-2xl border border-border bg-surface p-4 sm:p-5" data-testid="positions-margin">
        <MarginLevel level={level} callLevel={equity.data.marginCallLevel} closeOutLevel={equity.data.closeOutLevel} />
      </dl>
    </div>
  );
}
