import type { TQuote } from '@meridian/contracts/market';
import { orderWaitsFor, type TOrderKind } from '@meridian/contracts/order-terms';
import { ArrowLeft, RotateCw, TrendingDown, TrendingUp } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';
import { useNow } from '@/hooks/use-now';
import { formatDateTime, formatLeverage, formatMoney, formatPrice } from '@/lib/format';
import { goodUntilAt, type TGoodUntilChoice } from '@/lib/good-until';
import { openingPrice } from '@/lib/quote-sides';
import { useTradingTerms } from '../api/get-trading-terms';
import { formatDuration } from '../utils/durations';
import {
  formatCommissionRate,
  formatMovePercent,
  positionReview,
  type TPositionChoice,
  type TPositionReview,
} from '../utils/position-review';
import { PositionFact, PositionFacts } from './position-facts';
import { LevelResult } from './position-levels';
import { SideBadge } from './position-parts';

/** A pending order's terms besides the position's: it opens at `price`, and waits until `goodUntil`. */
export interface TOrderChoice {
  kind: TOrderKind;
  price: number;
  goodUntil: TGoodUntilChoice;
}

export interface PositionReviewProps {
  choice: TPositionChoice;
  /** A limit or stop order: the figures are those of a position opened at its price. Absent: a position opened now. */
  order?: TOrderChoice | undefined;
  /** The pair's live quote: the figures follow it until the client confirms. */
  quote: TQuote | undefined;
  onBack: () => void;
  onConfirm: () => void;
  busy: boolean;
  /** Why the last Confirm failed. */
  failure: string | null;
}

/**
 * The review before a position opens (the dashboard's order form and Open Trade alike): the margin,
 * the operator's commission on it (or that there is none) and what leaves the balance, the exposure
 * (margin × leverage), the price it opens at (a buy's ask, a sell's bid) and the spread, the stop-out
 * and how far it is, the take-profit and stop-loss with what each would make if reached, when it
 * expires (or that it does not), and the most the client can lose; then Confirm, or Back to change it.
 * Nothing is sent before Confirm, and Confirm waits until the commission is known: it is charged on
 * confirming, so it is shown first.
 */
export function PositionReview({ choice, order, quote, onBack, onConfirm, busy, failure }: PositionReviewProps) {
  const { t, i18n } = useTranslation(['positions', 'orders']);
  const locale = i18n.resolvedLanguage;
  // The expiry is "if it opens now": it moves on while the client reads.
  const now = useNow(1_000);
  const terms = useTradingTerms();
  const commissionBps = terms.data?.commissionBps[choice.asset];
  const review = positionReview(choice, { quote, now, orderPrice: order?.price, commissionBps });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const side = choice.type;
  const price = (value: number) => formatPrice(choice.asset, value, locale);
  // The side an order watches and fills on, now.
  const live = openingPrice(side, quote);

  let stopOut: ReactNode;
  let stopOutNote: ReactNode;
  if (review.movePercent === null) {
    stopOut = t('review.noStopOut');
    stopOutNote = t('review.noStopOutNote');
  } else if (review.stopOut !== null && review.distance !== null) {
    stopOut = price(review.stopOut);
    // A buy stops out below the price, a sell above it (an order's: below or above its own price).
    const distance = side === 'buy' ? 'Below' : 'Above';
    stopOutNote = t(order ? `orders:review.distance${distance}` : `review.distance${distance}`, {
      price: price(review.distance.price),
      percent: formatMovePercent(review.distance.percent, locale),
    });
  } else {
    stopOut = t('review.stopOutAtOpen');
    stopOutNote = t(side === 'buy' ? 'review.moveBelow' : 'review.moveAbove', {
      percent: formatMovePercent(review.movePercent, locale),
    });
  }

  const goodUntil = order ? goodUntilAt(order.goodUntil, now) : null;

  return (
    <section aria-labelledby="position-review-title" className="space-y-4" data-testid="position-review">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="position-review-title" ref={heading} tabIndex={-1} className="text-base font-semibold text-fg">
          {order ? t('orders:review.title') : t('review.title')}
        </h3>
        <span className="inline-flex items-center gap-2 text-sm font-medium" data-testid="review-summary">
          {choice.asset}
          {order ? (
            <Badge tone={side === 'buy' ? 'success' : 'danger'}>{t(`orders:sideKind.${side}.${order.kind}`)}</Badge>
          ) : (
            <SideBadge type={side} />
          )}
          <span className="tabular-nums text-muted">{formatLeverage(choice.leverage)}</span>
        </span>
      </div>
      {order && (
        <p className="text-sm font-medium text-fg" data-testid="review-order-summary">
          {t('orders:review.summary', {
            order: t(`orders:sideKind.${side}.${order.kind}`),
            pair: choice.asset,
            price: price(order.price),
            margin: formatMoney(review.margin, locale),
            leverage: formatLeverage(choice.leverage),
            goodUntil:
              goodUntil === null
                ? t('orders:review.summaryGtc')
                : t('orders:review.summaryUntil', { time: formatDateTime(goodUntil, locale) }),
          })}
        </p>
      )}

      <PositionFacts className="border-y border-border">
        <PositionFact label={t('review.margin')} testId="review-margin">
          <Money amount={review.margin} />
        </PositionFact>
        <CommissionFact
          review={review}
          bps={commissionBps}
          order={order !== undefined}
          loading={terms.isPending}
          onRetry={() => void terms.refetch()}
        />
        <PositionFact
          label={t(order ? 'orders:review.total' : 'review.total')}
          note={t(order ? 'orders:review.totalNote' : 'review.totalNote')}
          testId="review-total"
        >
          {review.total === null ? '—' : <Money amount={review.total} />}
        </PositionFact>
        <PositionFact
          label={t('review.exposure')}
          note={t('review.exposureNote', { leverage: choice.leverage })}
          testId="review-exposure"
        >
          <Money amount={review.exposure} />
        </PositionFact>
        {order ? (
          <PositionFact
            label={t('orders:review.price')}
            note={
              live === null
                ? t(`orders:review.priceNoteNoLive.${side}.${orderWaitsFor(side, order.kind)}`)
                : t(`orders:review.priceNote.${side}.${orderWaitsFor(side, order.kind)}`, { price: price(live) })
            }
            testId="review-price"
          >
            {price(order.price)}
          </PositionFact>
        ) : (
          <PositionFact
            label={t('review.openingPrice')}
            note={t(`review.openingPriceNote.${side}`)}
            testId="review-price"
          >
            {review.price === null ? t('form.priceUnavailable') : price(review.price)}
          </PositionFact>
        )}
        <PositionFact
          label={t('review.spread')}
          note={
            review.spread === null
              ? undefined
              : order
                ? t('orders:review.spreadNote')
                : review.closedAtOnce === null
                  ? undefined
                  : t('review.spreadNote', {
                      result: formatMoney(review.closedAtOnce, locale, direction(review.closedAtOnce)),
                    })
          }
          testId="review-spread"
        >
          {review.spread === null ? '—' : price(review.spread)}
        </PositionFact>
        <PositionFact label={t('review.stopOut')} note={stopOutNote} testId="review-stop-out">
          {stopOut}
        </PositionFact>
        <PositionFact
          label={t('levels.takeProfit')}
          note={review.takeProfitResult === null ? undefined : <LevelResult amount={review.takeProfitResult} />}
          testId="review-take-profit"
        >
          {choice.takeProfit == null ? t('levels.none') : price(choice.takeProfit)}
        </PositionFact>
        <PositionFact
          label={t('levels.stopLoss')}
          note={review.stopLossResult === null ? undefined : <LevelResult amount={review.stopLossResult} />}
          testId="review-stop-loss"
        >
          {choice.stopLoss == null ? t('levels.none') : price(choice.stopLoss)}
        </PositionFact>
        {choice.expiration === null ? (
          <PositionFact label={t('review.expires')} note={t('levels.noExpiryNote')} testId="review-expires">
            {t('levels.noExpiry')}
          </PositionFact>
        ) : order || review.expiresAt === null ? (
          <PositionFact label={t('review.expires')} testId="review-expires">
            {t('orders:review.expiresAfterFill', { duration: formatDuration(choice.expiration, locale) })}
          </PositionFact>
        ) : (
          <PositionFact
            label={t('review.expires')}
            note={t('review.expiresNote', { duration: formatDuration(choice.expiration, locale) })}
            testId="review-expires"
          >
            {formatDateTime(new Date(review.expiresAt).toISOString(), locale)}
          </PositionFact>
        )}
        {order && (
          <PositionFact
            label={t('orders:review.goodUntil')}
            note={
              goodUntil === null
                ? t('orders:review.gtcNote')
                : t('orders:review.goodUntilNote', { duration: t(`orders:form.goodUntilChoices.${order.goodUntil}`) })
            }
            testId="review-good-until"
          >
            {goodUntil === null ? t('orders:goodTillCancelled') : formatDateTime(goodUntil, locale)}
          </PositionFact>
        )}
        {review.total !== null && review.commission !== 0 ? (
          <PositionFact label={t('review.maxLoss')} note={t('review.maxLossCommissionNote')} testId="review-max-loss">
            <Money amount={review.total} />
          </PositionFact>
        ) : (
          <PositionFact label={t('review.maxLoss')} note={t('review.maxLossNote')} testId="review-max-loss">
            <Money amount={review.margin} />
          </PositionFact>
        )}
      </PositionFacts>
      {order && <p className="text-xs text-muted">{t('orders:review.marginHeld')}</p>}

      {failure && <Alert tone="danger">{failure}</Alert>}

      <div className="grid grid-cols-2 gap-3">
        <Button variant="outline" onClick={onBack} disabled={busy} data-testid="review-back">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t('review.back')}
        </Button>
        <Button
          variant={side === 'buy' ? 'primary' : 'danger'}
          onClick={onConfirm}
          loading={busy}
          // The commission is charged on confirming: not before it is shown.
          disabled={review.commission === null}
          data-testid="review-confirm"
        >
          {side === 'buy' ? (
            <TrendingUp className="h-4 w-4" aria-hidden="true" />
          ) : (
            <TrendingDown className="h-4 w-4" aria-hidden="true" />
          )}
          {order
            ? t(`orders:review.place.${side}.${order.kind}`)
            : t(side === 'buy' ? 'review.confirmBuy' : 'review.confirmSell')}
        </Button>
      </div>
    </section>
  );
}

const direction = (amount: number) => (amount > 0 ? 'in' : amount < 0 ? 'out' : undefined);

/**
 * The commission: what opening charges at the operator's rate for the pair (and the rate, in percent
 * of the exposure), or No commission; while the rate is on its way a placeholder, and when it could
 * not be loaded, that and Try again (Confirm waits for it).
 */
function CommissionFact({
  review,
  bps,
  order,
  loading,
  onRetry,
}: {
  review: TPositionReview;
  bps: number | undefined;
  /** A pending order's commission is held with its margin and charged when it fills. */
  order: boolean;
  loading: boolean;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation(['positions', 'orders', 'common']);
  const label = t('review.commission');
  if (review.commission === null || bps === undefined) {
    return (
      <PositionFact
        label={label}
        note={
          loading ? undefined : (
            <Button variant="ghost" size="sm" className="-mr-3 text-primary" onClick={onRetry}>
              <RotateCw className="h-4 w-4" aria-hidden="true" />
              {t('common:actions.retry')}
            </Button>
          )
        }
        testId="review-commission"
      >
        {loading ? (
          <>
            <Skeleton className="inline-block h-4 w-16 align-middle" />
            <span className="sr-only">{t('common:loading')}</span>
          </>
        ) : (
          t('review.commissionUnknown')
        )}
      </PositionFact>
    );
  }
  if (bps === 0) {
    return (
      <PositionFact label={label} testId="review-commission">
        {t('review.noCommission')}
      </PositionFact>
    );
  }
  const rate = formatCommissionRate(bps, i18n.resolvedLanguage);
  return (
    <PositionFact
      label={label}
      note={t(order ? 'orders:review.commissionNote' : 'review.commissionNote', { rate })}
      testId="review-commission"
    >
      <Money amount={review.commission} />
    </PositionFact>
  );
}
