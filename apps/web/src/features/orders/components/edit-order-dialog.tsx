import { zodResolver } from '@hookform/resolvers/zod';
import type { TQuote } from '@meridian/contracts/market';
import { orderWaitsFor } from '@meridian/contracts/order-terms';
import type { TOrder } from '@meridian/contracts/orders';
import { openingSide } from '@meridian/contracts/position-terms';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { MoneyFact, MoneyFacts } from '@/components/money/money-dialog';
import { SelectField, TextField } from '@/components/ui/field';
import { Money } from '@/components/ui/money';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { formatDateTime, formatLeverage, formatPrice, priceStep } from '@/lib/format';
import { GOOD_UNTIL_CHOICES } from '@/lib/good-until';
import { openingPrice } from '@/lib/quote-sides';
import { toast } from '@/lib/toast';
import { useEditOrder } from '../api/edit-order';
import {
  editOrderBody,
  editOrderDefaults,
  editOrderSchema,
  KEEP_GOOD_UNTIL,
  type TEditOrderForm,
  type TEditOrderValues,
} from '../utils/edit-order-schema';

/** The fields a refusal may name (422: a level that does not suit the price at the server's clock, a good-until time). */
const FIELDS = ['price', 'takeProfit', 'stopLoss', 'goodUntil'] as const;

export interface EditOrderDialogProps {
  /** The client's own pending order. */
  order: TOrder;
  /** Its pair's live quote: the price is checked against the side it fills on (a buy's ask, a sell's bid), as the server checks it. */
  quote: TQuote | undefined;
  onClose: () => void;
}

/**
 * Edit order: a pending order's price, take-profit, stop-loss and good-until time, prefilled, with the
 * live price; each checked as typed (the price on the side the order waits on, the levels against the
 * order's price). Save sends them all (the server checks them at its own price); a refused field
 * shows on the field, anything else in the dialog and a toast (a 409 when the order filled, expired
 * or was cancelled meanwhile). On success a toast says so and it closes.
 */
export function EditOrderDialog({ order, quote, onClose }: EditOrderDialogProps) {
  const { t, i18n } = useTranslation(['orders', 'market']);
  const locale = i18n.resolvedLanguage;
  const text = useMessageText();
  const errorText = useApiErrorText();
  const save = useEditOrder();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TEditOrderForm, unknown, TEditOrderValues>({
    resolver: zodResolver(editOrderSchema(order, quote)),
    mode: 'onChange',
    defaultValues: editOrderDefaults(order),
  });
  const state = useFormDialogSubmit({
    mutation: save,
    send: (values: TEditOrderValues) =>
      save.mutateAsync({ id: order.id, changes: editOrderBody(order, values, Date.now()) }),
    setError,
    fields: FIELDS,
    failedText: (err) => errorText(err),
    onSuccess: () => toast.success(t('updated')),
    onClose,
    closeAfterMs: 0,
  });
  const wait = orderWaitsFor(order.type, order.kind);
  const live = openingPrice(order.type, quote);
  const price = (value: number) => formatPrice(order.asset, value, locale);
  const common = {
    type: 'number',
    inputMode: 'decimal',
    step: priceStep(order.asset),
    min: '0',
    autoComplete: 'off',
  } as const;
  const stopLossHint = order.type === 'sell' ? 'sell' : order.leverage > 1 ? 'buy' : ('buyNoStopOut' as const);

  return (
    <FormDialog
      title={t('editDialog.title')}
      description={t('editDialog.description')}
      testId="edit-order-form"
      state={state}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t('editDialog.save')}
      submitTestId="edit-order-save"
      className="max-w-lg"
      intro={
        <MoneyFacts>
          <MoneyFact label={t('columns.order')}>
            {t(`sideKind.${order.type}.${order.kind}`)} · {order.asset} · {formatLeverage(order.leverage)}
          </MoneyFact>
          <MoneyFact label={t('columns.margin')}>
            <Money amount={order.amount} />
          </MoneyFact>
          {order.commission > 0 && (
            <MoneyFact label={t('columns.commission')}>
              <Money amount={order.commission} />
            </MoneyFact>
          )}
          <MoneyFact label={t('priceAtSide', { side: t(`market:columns.${openingSide(order.type)}`) })}>
            <span className="tabular-nums" data-testid="edit-order-current-price">
              {live === null ? t('noLivePrice') : price(live)}
            </span>
          </MoneyFact>
        </MoneyFacts>
      }
    >
      <fieldset disabled={state.busy} className="space-y-4">
        <TextField
          label={t('form.price')}
          {...common}
          error={text(errors.price?.message)}
          hint={t(`editDialog.priceHint.${wait}`)}
          data-autofocus
          data-testid="edit-order-price"
          // The take-profit and stop-loss are checked against it.
          {...register('price', { deps: ['takeProfit', 'stopLoss'] })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('levels.takeProfit')}
            {...common}
            error={text(errors.takeProfit?.message)}
            hint={t(`editDialog.takeProfitHint.${order.type}`)}
            data-testid="edit-order-take-profit"
            {...register('takeProfit')}
          />
          <TextField
            label={t('levels.stopLoss')}
            {...common}
            error={text(errors.stopLoss?.message)}
            hint={t(`editDialog.stopLossHint.${stopLossHint}`)}
            data-testid="edit-order-stop-loss"
            {...register('stopLoss')}
          />
        </div>
        <SelectField
          label={t('form.goodUntil')}
          error={text(errors.goodUntil?.message)}
          data-testid="edit-order-good-until"
          {...register('goodUntil')}
        >
          {order.goodUntil !== null && (
            <option value={KEEP_GOOD_UNTIL}>
              {t('editDialog.keepGoodUntil', { time: formatDateTime(order.goodUntil, locale) })}
            </option>
          )}
          {GOOD_UNTIL_CHOICES.map((value) => (
            <option key={value} value={value}>
              {t(`form.goodUntilChoices.${value}`)}
            </option>
          ))}
        </SelectField>
      </fieldset>
    </FormDialog>
  );
}
