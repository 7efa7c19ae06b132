import { zodResolver } from '@hookform/resolvers/zod';
import type { TQuote } from '@meridian/contracts/market';
import {
  realisedPnl,
  type TClosePositionInput,
  type TPosition,
  unrealisedPnl,
  ZClosePositionInput,
} from '@meridian/contracts/positions';
import { type ReactNode, useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { Money } from '@/components/ui/money';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { messageKey } from '@/i18n';
import { formatLeverage, formatMoney, formatPrice } from '@/lib/format';
import { useClosePositionAtMarket } from '../api/close-position-at-market';
import { useRequestFailedText } from '../hooks/use-request-failed-text';
import { SignedMoney } from './position-pnl';

/** A decision dialog closes 2 seconds after it succeeded, as status dialogs do. */
const CLOSE_AFTER_MS = 2000;
const FIELDS = ['reason'] as const;

export interface CloseAtMarketDialogProps {
  position: TPosition;
  /** The pair's live quote: the price the close would take now (the server takes its own at that moment). */
  quote: TQuote | undefined;
  onClose: () => void;
}

/**
 * Close at market (in place of "Mark as loss"): the position closes at the current market price and
 * its result is whatever the market gives. A reason is required; the client reads it, and it is kept
 * in the audit log.
 */
export function CloseAtMarketDialog({ position, quote, onClose }: CloseAtMarketDialogProps) {
  const { t, i18n } = useTranslation('positions');
  const locale = i18n.resolvedLanguage;
  const text = useMessageText();
  const failedText = useRequestFailedText();
  const close = useClosePositionAtMarket(position);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TClosePositionInput>({
    resolver: zodResolver(ZClosePositionInput),
    mode: 'onChange',
    defaultValues: { reason: '' },
  });
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);
  const done = close.isSuccess;
  useAfterDelay(done, CLOSE_AFTER_MS, onClose);

  const livePrice = quote && !quote.stale ? quote.mid : null;
  const live = unrealisedPnl(position, quote);
  const closedMessage = t(messageKey('positions.positionClosedAtMarket'));

  const onSubmit: SubmitHandler<TClosePositionInput> = async (values) => {
    if (close.isPending || done) return;
    setFailure(null);
    try {
      const answer = await close.mutateAsync(values);
      const result = realisedPnl(answer.position);
      toast.success(closedMessage, {
        description: t('admin.closedResult', {
          result: formatMoney(result, locale, result > 0 ? 'in' : result < 0 ? 'out' : undefined),
        }),
      });
    } catch (err) {
      // 'Request failed', or the server's reason (already closed, no live price to close at).
      const message = failedText(err, t('admin.requestFailed'));
      if (!placeFieldErrors(err)) setFailure(message);
      toast.error(message);
    }
  };

  const client = position.user ? `${position.user.firstname} ${position.user.lastname}`.trim() : '';
  const result = close.data ? realisedPnl(close.data.position) : null;

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !close.isPending) onClose();
      }}
      title={t('admin.closeTitle', { pair: position.asset })}
      description={t('admin.closeDescription')}
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid="close-position-form">
        <dl className="grid grid-cols-2 gap-3 rounded-lg bg-surface-2 px-4 py-3 text-sm">
          <Fact label={t('backoffice:columns.client')}>
            <span className="block truncate">{client || position.user?.email || '—'}</span>
          </Fact>
          <Fact label={t('admin.columns.pair')} end>
            {position.asset} · {t(`admin.types.${position.type}`)} · {formatLeverage(position.leverage)}
          </Fact>
          <Fact label={t('admin.columns.margin')}>
            <Money amount={position.amount} />
          </Fact>
          <Fact label={t('admin.entryPrice')} end>
            {formatPrice(position.asset, position.entryPrice, locale)}
          </Fact>
          <Fact label={t('admin.currentPrice')}>
            <span data-testid="close-current-price">
              {livePrice === null ? t('admin.noLivePrice') : formatPrice(position.asset, livePrice, locale)}
            </span>
          </Fact>
          <Fact label={t('admin.atThisPrice')} end>
            {live === null ? '—' : <SignedMoney amount={live} />}
          </Fact>
        </dl>
        <p className="text-xs text-muted">{t('admin.closeNote')}</p>
        {failure && <Alert tone="danger">{failure}</Alert>}
        {done && (
          <Alert tone="success">
            {closedMessage}
            {result !== null && (
              <>
                {' '}
                {t('admin.closedResult', {
                  result: formatMoney(result, locale, result > 0 ? 'in' : result < 0 ? 'out' : undefined),
                })}
              </>
            )}
          </Alert>
        )}
        <TextAreaField
          label={t('admin.reason')}
          placeholder={t('admin.reasonPlaceholder')}
          disabled={done}
          maxLength={500}
          data-autofocus
          error={text(errors.reason?.message)}
          {...register('reason')}
        />
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={close.isPending}>
            {t(done ? 'common:actions.close' : 'common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="danger"
            loading={close.isPending}
            disabled={done}
            data-testid="close-position-submit"
          >
            {t('admin.closeConfirm')}
          </Button>
        </div>
      </form>
    </Dialog>
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
