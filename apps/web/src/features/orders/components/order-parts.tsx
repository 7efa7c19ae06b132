import type { TQuote } from '@meridian/contracts/market';
import { orderWaitsFor, type TOrderStatus } from '@meridian/contracts/order-terms';
import type { TOrder } from '@meridian/contracts/orders';
import { openingSide, priceDistance } from '@meridian/contracts/position-terms';
import { CircleCheck, CircleX, Clock, Hourglass, TrendingDown, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, type TBadgeTone } from '@/components/ui/badge';
import { Money } from '@/components/ui/money';
import { cn } from '@/lib/cn';
import { formatDateTime, formatLeverage, formatMoney, formatPercent, formatPrice } from '@/lib/format';
import { openingPrice } from '@/lib/quote-sides';

/** "Buy limit ETH/USD at 1,800.00": how a row's buttons and dialogs name an order. */
export function useOrderName(): (order: Pick<TOrder, 'asset' | 'type' | 'kind' | 'price'>, locale?: string) => string {
  const { t } = useTranslation('orders');
  return (order, locale) =>
    t('orderName', {
      order: t(`sideKind.${order.type}.${order.kind}`),
      pair: order.asset,
      price: formatPrice(order.asset, order.price, locale),
    });
}

/** Buy limit, Sell stop…: the side's colour, the kind in words. */
export function SideKindBadge({ order }: { order: Pick<TOrder, 'type' | 'kind'> }) {
  const { t } = useTranslation('orders');
  return <Badge tone={order.type === 'buy' ? 'success' : 'danger'}>{t(`sideKind.${order.type}.${order.kind}`)}</Badge>;
}

const STATUS_LOOK: Record<TOrderStatus, { tone: TBadgeTone; Icon: typeof Clock }> = {
  pending: { tone: 'info', Icon: Hourglass },
  filled: { tone: 'success', Icon: CircleCheck },
  cancelled: { tone: 'neutral', Icon: CircleX },
  expired: { tone: 'warning', Icon: Clock },
};

/** Pending, Filled, Cancelled or Expired. */
export function OrderStatusBadge({ status }: { status: TOrderStatus }) {
  const { t } = useTranslation('orders');
  const { tone, Icon } = STATUS_LOOK[status];
  return (
    <Badge tone={tone} icon={<Icon className="h-3 w-3" aria-hidden="true" />}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

/**
 * The pair in bold, then the side and kind with the leverage under it: the heading of a row (and of
 * its card on a phone).
 */
export function OrderPairCell({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  return (
    <span className="block">
      <span className="block font-semibold text-fg">{order.asset}</span>
      <span className="mt-1 flex items-center gap-2 font-normal">
        <span className="sr-only">{t('columns.type')}: </span>
        <SideKindBadge order={order} />
        <span className="text-sm tabular-nums text-fg">
          <span className="sr-only">{t('columns.leverage')}: </span>
          {formatLeverage(order.leverage)}
        </span>
      </span>
    </span>
  );
}

/** The order's price, with an arrow saying whether it waits for the price to fall or to rise to it. */
export function OrderPriceCell({ order, locale }: { order: TOrder; locale: string | undefined }) {
  const { t } = useTranslation('orders');
  const wait = orderWaitsFor(order.type, order.kind);
  const Icon = wait === 'fall' ? TrendingDown : TrendingUp;
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap tabular-nums" data-testid="order-price">
      <Icon className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
      {formatPrice(order.asset, order.price, locale)}
      <span className="sr-only">{t(`waits.${wait}`)}</span>
    </span>
  );
}

/**
 * The live price the order watches and fills on (a buy's ask, a sell's bid), named, and how far it is
 * from the order's price; a dash without a fresh one.
 */
export function LivePriceCell({
  order,
  quote,
  locale,
}: {
  order: TOrder;
  quote: TQuote | undefined;
  locale: string | undefined;
}) {
  const { t } = useTranslation(['orders', 'market']);
  const live = openingPrice(order.type, quote);
  if (live === null) {
    return (
      <span className="text-muted">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('noLivePrice')}</span>
      </span>
    );
  }
  const distance = priceDistance(order.asset, live, order.price);
  return (
    <span className="block whitespace-nowrap tabular-nums">
      <span className="block" data-testid="order-current-price">
        {formatPrice(order.asset, live, locale)}
      </span>
      <span className="block text-xs text-muted">
        {t(`market:columns.${openingSide(order.type)}`)}
        {distance && <> · {t('away', { percent: formatPercent(distance.percent, locale, 2) })}</>}
      </span>
    </span>
  );
}

/** The margin held for an order, with the commission held with it when there is one. */
export function OrderMarginCell({ order, locale }: { order: TOrder; locale: string | undefined }) {
  const { t } = useTranslation('orders');
  return (
    <span className="block">
      <Money amount={order.amount} className="block whitespace-nowrap" />
      {order.commission > 0 && (
        <span className="block text-xs text-muted" data-testid="order-commission">
          {t('commissionHeld', { amount: formatMoney(order.commission, locale) })}
        </span>
      )}
    </span>
  );
}

/** The take-profit and stop-loss ("TP 3,500.00", "SL 2,900.00", the full words for a screen reader); "None" when neither is set. */
export function OrderLevels({
  order,
  locale,
  className,
}: {
  order: TOrder;
  locale: string | undefined;
  className?: string;
}) {
  const { t } = useTranslation('orders');
  if (order.takeProfit === null && order.stopLoss === null)
    return <span className="text-muted">{t('levels.none')}</span>;
  const levels = [
    ['takeProfit', order.takeProfit, 'order-take-profit'],
    ['stopLoss', order.stopLoss, 'order-stop-loss'],
  ] as const;
  return (
    <span className={cn('flex flex-col items-end gap-0.5 text-sm xl:items-start', className)}>
      {levels.map(([name, level, testId]) =>
        level === null ? null : (
          <span key={name} className="whitespace-nowrap tabular-nums" data-testid={testId}>
            <span aria-hidden="true" className="text-muted">
              {t(`levels.short.${name}`)}{' '}
            </span>
            <span className="sr-only">{t(`levels.${name}`)}: </span>
            {formatPrice(order.asset, level, locale)}
          </span>
        ),
      )}
    </span>
  );
}

/** "Good till cancelled", or the time the order expires. */
export function GoodUntilText({ goodUntil, locale }: { goodUntil: string | null; locale: string | undefined }) {
  const { t } = useTranslation('orders');
  return (
    <span className="whitespace-nowrap" data-testid="order-good-until">
      {goodUntil === null ? t('goodTillCancelled') : formatDateTime(goodUntil, locale)}
    </span>
  );
}

/**
 * How an order ended: Filled at the price of the tick that filled it (with a link to the position it
 * opened), Cancelled or Expired; its badge alone while pending.
 */
export function OrderOutcome({
  order,
  positionPath,
  locale,
}: {
  order: TOrder;
  /** The page of the position a filled order opened (the client's or the desk's). */
  positionPath: (id: string) => string;
  locale: string | undefined;
}) {
  const { t } = useTranslation('orders');
  return (
    <span className="flex flex-col items-end gap-1 xl:items-start" data-testid="order-outcome">
      <OrderStatusBadge status={order.status} />
      {order.status === 'filled' && order.fillPrice !== null && (
        <span className="whitespace-nowrap text-xs text-muted tabular-nums">
          {t('filledAt', { price: formatPrice(order.asset, order.fillPrice, locale) })}
        </span>
      )}
      {order.status === 'filled' && order.positionId !== null && (
        <Link
          to={positionPath(order.positionId)}
          className="whitespace-nowrap text-xs font-medium text-primary hover:underline"
          data-testid="order-position-link"
        >
          {t('viewPosition')}
          <span className="sr-only">
            : {t(`sideKind.${order.type}.${order.kind}`)} {order.asset}
          </span>
        </Link>
      )}
    </span>
  );
}

/** A date over its time, in a narrow column. */
export function WhenCell({ iso, locale }: { iso: string | null; locale: string | undefined }) {
  if (iso === null) return <span className="text-muted">—</span>;
  return <span className="whitespace-nowrap">{formatDateTime(iso, locale)}</span>;
}
