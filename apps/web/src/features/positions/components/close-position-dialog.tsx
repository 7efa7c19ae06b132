import type { TQuote } from '@meridian/contracts/market';
import { unrealisedPnl } from '@meridian/contracts/position-terms';
import type { TPosition } from '@meridian/contracts/positions';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SignedMoney } from '@/components/ui/money';
import { formatLeverage, formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCloseOwnPosition } from '../api/close-own-position';
import { usePositionErrorText } from '../hooks/use-position-error-text';

export interface ClosePositionDialogProps {
  userId: string;
  /** The open position to close; null keeps the dialog shut. */
  position: TPosition | null;
  quote: TQuote | undefined;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Close this position?": it closes now at the current market price (the figure shown is only what it
 * would make at the last price seen). On success a toast says so and the dialog closes.
 */
export function ClosePositionDialog({ userId, position, quote, onOpenChange }: ClosePositionDialogProps) {
  const { t, i18n } = useTranslation('positions');
  const close = useCloseOwnPosition(userId);
  const errorText = usePositionErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const open = position !== null;
  // A new dialog starts without the last one's failure.
  useEffect(() => {
    if (open) setFailure(null);
  }, [open]);
  if (!position) return null;
  const live = unrealisedPnl(position, quote);

  const confirm = async () => {
    setFailure(null);
    try {
      const answer = await close.mutateAsync(position.id);
      const result = answer.position.isLoss ? -answer.position.loss : answer.position.profit;
      toast.success(
        t('positions.closedToast', {
          result: formatMoney(result, i18n.resolvedLanguage, result > 0 ? 'in' : result < 0 ? 'out' : undefined),
        }),
      );
      onOpenChange(false);
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('positions.closeTitle')}
      description={
        <>
          {t('positions.closeBody', {
            pair: position.asset,
            type: t(`positions.types.${position.type}`),
            amount: formatMoney(position.amount, i18n.resolvedLanguage),
            leverage: formatLeverage(position.leverage),
          })}
          {live !== null && (
            <span className="mt-2 block">
              {t('positions.closeNow')} <SignedMoney amount={live} />
            </span>
          )}
        </>
      }
      confirmLabel={t('positions.closeConfirm')}
      onConfirm={confirm}
      busy={close.isPending}
      error={failure}
    />
  );
}
