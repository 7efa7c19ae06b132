import type { TOrder } from '@meridian/contracts/orders';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCancelOrder } from '../api/cancel-order';
import { useOrderName } from './order-parts';

export interface CancelOrderDialogProps {
  userId: string;
  /** The pending order to cancel; null: closed. */
  order: TOrder | null;
  onClose: () => void;
}

/**
 * Cancel order?: says what stops waiting and that its margin (with the commission held with it) goes
 * back to the balance; Keep order
 * (focused first, so Enter does not cancel) or Cancel order. A refusal (the order filled or expired
 * meanwhile) shows in the dialog and a toast; on success a toast says so and it closes.
 */
export function CancelOrderDialog({ userId, order, onClose }: CancelOrderDialogProps) {
  const { t, i18n } = useTranslation('orders');
  const locale = i18n.resolvedLanguage;
  const nameOf = useOrderName();
  const errorText = useApiErrorText();
  const cancel = useCancelOrder(userId);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = cancel.isPending;
  const close = () => {
    if (busy) return;
    setFailure(null);
    cancel.reset();
    onClose();
  };
  const confirm = () => {
    if (!order || busy) return;
    setFailure(null);
    cancel.mutate(order.id, {
      onSuccess: () => {
        toast.success(t('cancelled'));
        setFailure(null);
        onClose();
      },
      onError: (err) => {
        const message = errorText(err);
        setFailure(message);
        toast.error(message);
      },
    });
  };
  return (
    <Dialog
      open={order !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={t('cancelDialog.title')}
      description={
        order
          ? order.commission > 0
            ? t('cancelDialog.bodyWithCommission', {
                order: nameOf(order, locale),
                amount: formatMoney(order.amount, locale),
                commission: formatMoney(order.commission, locale),
              })
            : t('cancelDialog.body', { order: nameOf(order, locale), amount: formatMoney(order.amount, locale) })
          : undefined
      }
    >
      {failure && (
        <Alert tone="danger" className="mb-4">
          {failure}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={close} disabled={busy} data-autofocus>
          {t('cancelDialog.keep')}
        </Button>
        <Button variant="danger" onClick={confirm} loading={busy} data-testid="cancel-order-confirm">
          <X className="h-4 w-4" aria-hidden="true" />
          {t('cancelDialog.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
