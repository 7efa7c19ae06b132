import type { TQuote } from '@meridian/contracts/market';
import { closingSide, realisedPnl, unrealisedPnl } from '@meridian/contracts/position-terms';
import { type TPosition, ZClosePositionInput } from '@meridian/contracts/positions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '@/components/reason-dialog';
import { Money, SignedMoney } from '@/components/ui/money';
import { useRefusalText } from '@/hooks/use-refusal-text';
import { messageKey } from '@/i18n';
import { formatLeverage, formatMoney, formatPrice } from '@/lib/format';
import { closingPrice } from '@/lib/quote-sides';
import { toast } from '@/lib/toast';
import { useClosePositionAtMarket } from '../api/close-position-at-market';

export interface CloseAtMarketDialogProps {
  position: TPosition;
  /**
   * The pair's live quote: its closing side (a buy's bid, a sell's ask) is the price the close would take
   * now (the server takes its own at that moment).
   */
  quote: TQuote | undefined;
  onClose: () => void;
}

/**
 * Close at market (in place of "Mark as loss"): the position closes at the current market price and
 * its result is whatever the market gives. A reason is required; the client reads it, and it is kept
 * in the audit log.
 */
export function CloseAtMarketDialog({ position, quote, onClose }: CloseAtMarketDialogProps) {
  const { t, i18n } = useTranslation(['positions', 'market']);
  const locale = i18n.resolvedLanguage;
  const failedText = useRefusalText();
  const close = useClosePositionAtMarket(position);

  const livePrice = closingPrice(position.type, quote);
  const live = unrealisedPnl(position, quote);
  const closedMessage = t(messageKey('positions.positionClosedAtMarket'));
  const resultText = (result: number) =>
    t('admin.closedResult', {
      result: formatMoney(result, locale, result > 0 ? 'in' : result < 0 ? 'out' : undefined),
    });

  const client = position.user ? `${position.user.firstname} ${position.user.lastname}`.trim() : '';
  const result = close.data ? realisedPnl(close.data.position) : null;

  return (
    <ReasonDialog
      title={t('admin.closeTitle', { pair: position.asset })}
      description={t('admin.closeDescription')}
      schema={ZClosePositionInput}
      label={t('admin.reason')}
      placeholder={t('admin.reasonPlaceholder')}
      submitLabel={t('admin.closeConfirm')}
      testId="close-position"
      mutation={close}
      send={close.mutateAsync}
      onSuccess={(answer) => toast.success(closedMessage, { description: resultText(realisedPnl(answer.position)) })}
      // 'Request failed', or the server's reason (already closed, no live price to close at).
      failedText={(err) => failedText(err, t('admin.requestFailed'))}
      doneText={
        <>
          {closedMessage}
          {result !== null && <> {resultText(result)}</>}
        </>
      }
      onClose={onClose}
      intro={
        <>
          <dl className="grid grid-cols-2 gap-3 rounded-lg bg-surface-2 px-4 py-3 text-sm">
            <Fact label={t('backoffice:columns.client')}>
              <span className="block truncate">{client || position.user?.email || '—'}</span>
            </Fact>
            <Fact label={t('admin.columns.pair')} end>
              {position.asset} · {t(`positions.types.${position.type}`)} · {formatLeverage(position.leverage)}
            </Fact>
            <Fact label={t('admin.columns.margin')}>
              <Money amount={position.amount} />
            </Fact>
            <Fact label={t('admin.entryPrice')} end>
              {formatPrice(position.asset, position.entryPrice, locale)}
            </Fact>
            <Fact label={t('review.priceAtSide', { side: t(`market:columns.${closingSide(position.type)}`) })}>
              <span data-testid="close-current-price">
                {livePrice === null ? t('admin.noLivePrice') : formatPrice(position.asset, livePrice, locale)}
              </span>
            </Fact>
            <Fact label={t('admin.atThisPrice')} end>
              {live === null ? '—' : <SignedMoney amount={live} />}
            </Fact>
          </dl>
          <p className="text-xs text-muted">{t('admin.closeNote')}</p>
        </>
      }
    />
  );
}

function Fact({ label, end = false, children }: { label: string; end?: boolean; children: ReactNode }) {
  return (
    <div className={end ? 'min-w-0 text-right' : 'min-w-0'}>
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium tabular-nums text-fg">{children}</dd>
    </div>
  );
}
