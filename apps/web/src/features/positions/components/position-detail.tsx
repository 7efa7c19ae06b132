import { closePositionAtMarket } from '@meridian/contracts/endpoints/positions';
import type { TQuote } from '@meridian/contracts/market';
import {
  closingSide,
  positionExposure,
  priceDistance,
  realisedPnl,
  unrealisedPnl,
} from '@meridian/contracts/position-terms';
import type { TPosition } from '@meridian/contracts/positions';
import { Clock, Pencil, SearchX, X, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '@/components/ui/back-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { DetailPage } from '@/components/ui/detail-page';
import { EmptyState } from '@/components/ui/empty-state';
import { Money, SignedMoney } from '@/components/ui/money';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { useCan } from '@/hooks/use-can';
import { useNow } from '@/hooks/use-now';
import { ApiError } from '@/lib/api-client';
import { formatTimeLeft } from '@/lib/countdown';
import { formatDateTime, formatLeverage, formatPrice } from '@/lib/format';
import { closingPrice } from '@/lib/quote-sides';
import { usePosition } from '../api/get-position';
import { formatDuration } from '../utils/durations';
import { formatMovePercent } from '../utils/position-review';
import { resultAtLevel } from '../utils/protection';
import { CloseAtMarketDialog } from './close-at-market-dialog';
import { ClosePositionDialog } from './close-position-dialog';
import { PositionChart, type TPriceChartSlot } from './position-chart';
import { PositionFact, PositionFacts } from './position-facts';
import { LevelResult } from './position-levels';
import { ClientCell, PositionStatusBadge, SideBadge } from './position-parts';
import { ProtectionDialog } from './protection-dialog';

export type TPositionAudience = 'client' | 'admin';

export interface PositionDetailProps {
  positionId: string;
  /** The live quotes of the pairs (the route reads the price stream and hands them in). */
  quotes: readonly TQuote[];
  /** The client's own page (Close), or the admin's view of any client's (Close at market). */
  audience: TPositionAudience;
  /** The chart of the position's pair, from the market feature: app/ fills this slot (position-chart.tsx says why). */
  chart?: TPriceChartSlot | undefined;
}

const BACK = { client: '/user/positions', admin: '/admin/position-order' } as const;

/**
 * One position's page: its terms (pair, side, margin, the commission its opening charged, leverage,
 * exposure), its entry and the spread it opened on, the live price it would close at (a buy's bid, a
 * sell's ask) and unrealised P&L there, its stop-out and how far it is, its take-profit and stop-loss
 * with what each would make, the countdown to its expiry (or that it has none), Close and (its client) Edit TP/SL;
 * once closed, its exit price, why it closed, its result and when. With a chart, its pair's live
 * candles with its levels as lines, the take-profit and stop-loss dragged there by its client.
 * Another client's position is not found.
 */
export function PositionDetail({ positionId, quotes, audience, chart }: PositionDetailProps) {
  const { t } = useTranslation('positions');
  const query = usePosition(positionId);
  const back = (
    <BackButton to={BACK[audience]}>{t(audience === 'client' ? 'detail.back' : 'detail.backAdmin')}</BackButton>
  );
  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <div className="mx-auto max-w-3xl space-y-6" data-testid="position-not-found">
        {back}
        <h1 className="text-2xl font-semibold text-fg">{t('detail.notFound')}</h1>
        <EmptyState
          icon={SearchX}
          title={t(audience === 'client' ? 'detail.notFoundHint' : 'detail.notFoundHintAdmin')}
          action={
            <ButtonLink variant="outline" to={BACK[audience]}>
              {t(audience === 'client' ? 'detail.back' : 'detail.backAdmin')}
            </ButtonLink>
          }
        />
      </div>
    );
  }
  return (
    <DetailPage
      width="sm"
      back={back}
      query={query}
      loading={
        <LoadingStatus className="space-y-4" data-testid="position-loading">
          <Skeleton className="h-48 w-full rounded-2xl" />
          <Skeleton className="h-96 w-full rounded-2xl" />
        </LoadingStatus>
      }
      errorTitle={t('detail.error')}
    >
      {(position) => (
        <PositionBody
          position={position}
          quote={quotes.find((quote) => quote.pair === position.asset)}
          audience={audience}
          chart={chart}
        />
      )}
    </DetailPage>
  );
}

function PositionBody({
  position,
  quote,
  audience,
  chart,
}: {
  position: TPosition;
  quote: TQuote | undefined;
  audience: TPositionAudience;
  chart: TPriceChartSlot | undefined;
}) {
  const { t, i18n } = useTranslation(['positions', 'market']);
  const locale = i18n.resolvedLanguage;
  const [closing, setClosing] = useState(false);
  const [editing, setEditing] = useState(false);
  const open = position.status === 'open';
  const price = (value: number) => formatPrice(position.asset, value, locale);
  const live = closingPrice(position.type, quote);
  const exposure = positionExposure(position.amount, position.leverage);
  const side = t(`positions:positions.types.${position.type}`);

  return (
    <>
      <section
        aria-labelledby="position-title"
        className="rounded-2xl border border-border bg-surface p-5 sm:p-6"
        data-testid="position-summary"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 id="position-title" className="text-xl font-semibold text-fg sm:text-2xl">
              {t('positions:detail.title', { side, pair: position.asset, leverage: formatLeverage(position.leverage) })}
            </h1>
            <p className="text-sm text-muted">
              {t('positions:admin.opened', { time: formatDateTime(position.createdAt, locale) })}
            </p>
          </div>
          <span data-testid="position-status">
            <PositionStatusBadge status={position.status} />
          </span>
        </div>

        {open ? (
          <OpenFigures
            position={position}
            quote={quote}
            onClose={() => setClosing(true)}
            onEditLevels={() => setEditing(true)}
            audience={audience}
          />
        ) : (
          <div className="mt-5" data-testid="position-result">
            <p className="text-sm text-muted">{t('positions:detail.result')}</p>
            <p className="mt-1 flex flex-wrap items-center gap-3 text-3xl font-semibold tracking-tight">
              <SignedMoney amount={realisedPnl(position)} />
              <Badge tone={position.isLoss ? 'danger' : 'success'}>
                {position.isLoss ? t('positions:positions.loss') : t('positions:positions.gain')}
              </Badge>
            </p>
          </div>
        )}
      </section>

      {chart && <PositionChart position={position} quote={quote} editable={audience === 'client'} chart={chart} />}

      <section
        aria-labelledby="position-terms"
        className="rounded-2xl border border-border bg-surface px-5 sm:px-6"
        data-testid="position-facts"
      >
        <h2 id="position-terms" className="pt-4 text-base font-semibold text-fg">
          {t('positions:detail.terms')}
        </h2>
        <PositionFacts>
          {audience === 'admin' && (
            <PositionFact label={t('backoffice:columns.client')}>
              <ClientCell user={position.user} userId={position.userId} />
            </PositionFact>
          )}
          <PositionFact label={t('positions:positions.columns.pair')}>{position.asset}</PositionFact>
          <PositionFact label={t('positions:detail.side')}>
            <SideBadge type={position.type} />
          </PositionFact>
          <PositionFact label={t('positions:review.margin')} testId="position-margin">
            <Money amount={position.amount} />
          </PositionFact>
          <PositionFact
            label={t('positions:review.commission')}
            note={position.commission > 0 ? t('positions:detail.commissionNote') : undefined}
            testId="position-commission"
          >
            {position.commission > 0 ? <Money amount={position.commission} /> : t('positions:review.noCommission')}
          </PositionFact>
          <PositionFact label={t('positions:positions.columns.leverage')}>
            {formatLeverage(position.leverage)}
          </PositionFact>
          <PositionFact
            label={t('positions:review.exposure')}
            note={t('positions:review.exposureNote', { leverage: position.leverage })}
            testId="position-exposure"
          >
            {exposure === null ? '—' : <Money amount={exposure} />}
          </PositionFact>
          <PositionFact
            label={t('positions:detail.entryPrice')}
            note={t('positions:detail.at', { time: formatDateTime(position.entryPriceTime, locale) })}
            testId="position-entry"
          >
            {price(position.entryPrice)}
          </PositionFact>
          <PositionFact
            label={t('positions:detail.spread')}
            note={position.spread === null ? undefined : t(`positions:detail.spreadNote.${position.type}`)}
            testId="position-spread"
          >
            {position.spread === null ? t('positions:detail.spreadUnknown') : price(position.spread)}
          </PositionFact>
          {open && (
            <PositionFact
              label={t('positions:review.priceAtSide', {
                side: t(`market:columns.${closingSide(position.type)}`),
              })}
              note={
                live === null
                  ? undefined
                  : [
                      t('positions:detail.closesAt'),
                      quote?.source === 'simulated' ? t('market:source.simulated') : t('positions:detail.live'),
                    ].join(' · ')
              }
              testId="position-current"
            >
              {live === null ? t('positions:admin.noLivePrice') : price(live)}
            </PositionFact>
          )}
          <PositionFact
            label={t('positions:review.stopOut')}
            note={<StopOutNote position={position} live={open ? live : null} />}
            testId="position-stop-out"
          >
            {position.stopOutPrice === null ? t('positions:review.noStopOut') : price(position.stopOutPrice)}
          </PositionFact>
          {(['takeProfit', 'stopLoss'] as const).map((name) => {
            const level = position[name];
            const result = open ? resultAtLevel(position, position.entryPrice, level) : null;
            return (
              <PositionFact
                key={name}
                label={t(`positions:levels.${name}`)}
                note={result === null ? undefined : <LevelResult amount={result} />}
                testId={name === 'takeProfit' ? 'position-take-profit' : 'position-stop-loss'}
              >
                {level === null ? t('positions:levels.none') : price(level)}
              </PositionFact>
            );
          })}
          {open ? (
            position.expiration === null || position.expiresAt === null ? (
              <PositionFact
                label={t('positions:review.expires')}
                note={t('positions:levels.noExpiryNote')}
                testId="position-expires"
              >
                {t('positions:levels.noExpiry')}
              </PositionFact>
            ) : (
              <PositionFact
                label={t('positions:review.expires')}
                note={t('positions:detail.expiresNote', { duration: formatDuration(position.expiration, locale) })}
                testId="position-expires"
              >
                {formatDateTime(position.expiresAt, locale)}
              </PositionFact>
            )
          ) : (
            <>
              <PositionFact
                label={t('positions:detail.exitPrice')}
                note={
                  position.exitPriceTime
                    ? t('positions:detail.at', { time: formatDateTime(position.exitPriceTime, locale) })
                    : undefined
                }
                testId="position-exit"
              >
                {position.exitPrice === null ? '—' : price(position.exitPrice)}
              </PositionFact>
              <PositionFact
                label={t('positions:detail.closeReason')}
                note={position.closeNote ? <q className="break-words">{position.closeNote}</q> : undefined}
                testId="position-close-reason"
              >
                {position.closeReason
                  ? t(
                      audience === 'client'
                        ? `positions:positions.closeReasons.${position.closeReason}`
                        : `positions:admin.closeReasons.${position.closeReason}`,
                    )
                  : '—'}
              </PositionFact>
              <PositionFact label={t('positions:detail.closedAt')} testId="position-closed-at">
                {position.closedAt ? formatDateTime(position.closedAt, locale) : '—'}
              </PositionFact>
            </>
          )}
          <PositionFact label={t('positions:review.maxLoss')} note={t('positions:review.maxLossNote')}>
            <Money amount={position.amount} />
          </PositionFact>
        </PositionFacts>
      </section>

      {open && audience === 'client' && (
        <ClosePositionDialog
          userId={position.userId}
          position={closing ? position : null}
          quote={quote}
          onOpenChange={(next) => {
            if (!next) setClosing(false);
          }}
        />
      )}
      {open && audience === 'admin' && closing && (
        <CloseAtMarketDialog position={position} quote={quote} onClose={() => setClosing(false)} />
      )}
      {open && audience === 'client' && editing && (
        <ProtectionDialog position={position} quote={quote} onClose={() => setEditing(false)} />
      )}
    </>
  );
}

/**
 * While open: the unrealised P&L at the live price, the countdown to its expiry (or that it has none),
 * and Close, with Edit TP/SL for its client.
 */
function OpenFigures({
  position,
  quote,
  onClose,
  onEditLevels,
  audience,
}: {
  position: TPosition;
  quote: TQuote | undefined;
  onClose: () => void;
  onEditLevels: () => void;
  audience: TPositionAudience;
}) {
  const { t, i18n } = useTranslation('positions');
  const now = useNow(1_000);
  // The desk's Close at market needs money.manage; a client closes their own position.
  const canCloseAtMarket = useCan(closePositionAtMarket.permission);
  const pnl = unrealisedPnl(position, quote);
  const msLeft = position.expiresAt === null ? null : Date.parse(position.expiresAt) - now;
  return (
    <div className="mt-5 flex flex-wrap items-end justify-between gap-4">
      <div>
        <p className="text-sm text-muted">{t('detail.unrealised')}</p>
        <p className="mt-1 text-3xl font-semibold tracking-tight" data-testid="position-unrealised">
          {pnl === null ? <span className="text-muted">—</span> : <SignedMoney amount={pnl} />}
        </p>
        {pnl === null && <p className="text-xs text-muted">{t('admin.noLivePrice')}</p>}
        <p className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium tabular-nums text-fg">
          <Clock className="h-4 w-4 text-primary" aria-hidden="true" />
          <span data-testid="position-countdown">
            {msLeft === null
              ? t('levels.noExpiry')
              : msLeft > 0
                ? t('detail.expiresIn', { time: formatTimeLeft(msLeft, i18n.resolvedLanguage) })
                : t('detail.closing')}
          </span>
        </p>
      </div>
      {audience === 'client' ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onEditLevels} data-testid="position-edit-levels">
            <Pencil className="h-4 w-4" aria-hidden="true" />
            {t('levels.edit')}
          </Button>
          <Button variant="dangerOutline" onClick={onClose} data-testid="position-close">
            <X className="h-4 w-4" aria-hidden="true" />
            {t('positions.closeConfirm')}
          </Button>
        </div>
      ) : canCloseAtMarket ? (
        <Button variant="dangerOutline" onClick={onClose} data-testid="position-close">
          <XCircle className="h-4 w-4" aria-hidden="true" />
          {t('admin.closeAtMarket')}
        </Button>
      ) : null}
    </div>
  );
}

/** How far the stop-out is from the live price it is measured at (open: the closing side), or why there is none. */
function StopOutNote({ position, live }: { position: TPosition; live: number | null }) {
  const { t, i18n } = useTranslation('positions');
  if (position.stopOutPrice === null) return t('review.noStopOutNote');
  if (live === null) return null;
  const distance = priceDistance(position.asset, live, position.stopOutPrice);
  if (!distance) return null;
  return t(position.type === 'buy' ? 'review.distanceBelow' : 'review.distanceAbove', {
    price: formatPrice(position.asset, distance.price, i18n.resolvedLanguage),
    percent: formatMovePercent(distance.percent, i18n.resolvedLanguage),
  });
}
