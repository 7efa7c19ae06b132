import type { TQuote } from '@meridian/contracts/market';
import { orderWaitsFor, type TOrderKind } from '@meridian/contracts/order-terms';
import { ArrowLeft, TrendingDown, TrendingUp } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Money } from '@/components/ui/money';
import { useNow } from '@/hooks/use-now';
import { formatDateTime, formatLeverage, formatMoney, formatPrice } from '@/lib/format';
import { goodUntilAt, type TGoodUntilChoice } from '@/lib/good-until';
import { formatDuration } from '../utils/durations';
import { formatMovePercent, positionReview, type TPositionChoice } from '../utils/position-review';
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
 * The review before a position opens (the dashboard's order form and Open Trade alike): the exposure
 * (margin × leverage), the price it opens near, the stop-out and how far it is, the take-profit and
 * stop-loss with what each would make if reached, when it expires (or that it does not), and the
 * most the client can lose; then Confirm, or Back to change it. Nothing is sent before Confirm.
 */
export function PositionReview({ choice, order, quote, onBack, onConfirm, busy, failure }: PositionReviewProps) {
  const { t, i18n } = useTranslation(['positions', 'orders']);
  const locale = i18n.resolvedLanguage;
  // The expiry is "if it opens now": it moves on while the client reads.
  const now = useNow(1_000);
  const review = positionReview(choice, quote, now, order?.price);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const side = choice.type;
  const price = (value: number) => formatPrice(choice.asset, value, locale);

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
              quote && !quote.stale
                ? t(`orders:review.priceNote.${orderWaitsFor(side, order.kind)}`, { price: price(quote.mid) })
                : t(`orders:review.priceNoteNoLive.${orderWaitsFor(side, order.kind)}`)
            }
            testId="review-price"
          >
            {price(order.price)}
          </PositionFact>
        ) : (
          <PositionFact label={t('review.price')} note={t('review.priceNote')} testId="review-price">
            {review.price === null ? t('form.priceUnavailable') : price(review.price)}
          </PositionFact>
        )}
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
        <PositionFact label={t('review.maxLoss')} note={t('review.maxLossNote')} testId="review-max-loss">
          <Money amount={review.margin} />
        </PositionFact>
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
