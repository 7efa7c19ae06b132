import { zodResolver } from '@hookform/resolvers/zod';
import {
  ALERT_DIRECTIONS,
  alertProblem,
  type TPriceAlert,
  type TPriceAlertInput,
  ZPriceAlertInput,
} from '@meridian/contracts/alerts';
import type { TQuote } from '@meridian/contracts/market';
import { MARKET_PAIRS, type TPair } from '@meridian/contracts/pairs';
import { BellRing, Repeat, Trash2, TrendingDown, TrendingUp } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { CheckboxField, SelectField, TextField } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { formatDateTime, formatPrice, priceStep } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCreatePriceAlert, useDeletePriceAlert, usePriceAlerts } from '../api/alerts';

/** The form as typed: the pair and direction from their selects, the price as text, repeat as a box. */
const ZAlertForm = z.object({
  pair: z.string(),
  direction: z.string(),
  price: z.string(),
  repeat: z.boolean(),
});
type TAlertForm = z.infer<typeof ZAlertForm>;

/**
 * The contract's rules on what was typed (a known pair, a direction, a price in the pair's decimals),
 * then the live price's: a level the price has already reached would fire at once.
 */
function alertSchema(quotes: readonly TQuote[]) {
  // The selects' strings go to the contract as they are: it names an unknown pair or direction.
  return ZAlertForm.transform(
    (form) =>
      ({
        pair: form.pair,
        direction: form.direction,
        price: form.price.trim() === '' ? Number.NaN : Number(form.price),
        repeat: form.repeat,
      }) as TPriceAlertInput,
  )
    .pipe(ZPriceAlertInput)
    .superRefine((alert, ctx) => {
      const quote = quotes.find((q) => q.pair === alert.pair);
      if (!quote || quote.stale) return;
      const problem = alertProblem(alert.direction, alert.price, quote.mid);
      if (problem) ctx.addIssue({ code: 'custom', path: ['price'], message: problem });
    });
}

const FIELDS = ['pair', 'direction', 'price'] as const;

/**
 * /user/alerts: the client's price alerts. A form sets one (pair, rises to or falls to, the price,
 * once or every time), checked as typed against the live price; the list shows each alert with
 * whether it is waiting or was reached (when and at what price), and deletes one. `quotes` come from
 * the page's price stream.
 */
export function AlertsPage({ quotes }: { quotes: readonly TQuote[] }) {
  const { t } = useTranslation('alerts');
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-fg">{t('title')}</h1>
        <p className="mt-1 text-sm text-muted">{t('lead')}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <NewAlertForm quotes={quotes} />
        <AlertList />
      </div>
    </div>
  );
}

function NewAlertForm({ quotes }: { quotes: readonly TQuote[] }) {
  const { t, i18n } = useTranslation('alerts');
  const locale = i18n.resolvedLanguage;
  const text = useMessageText();
  const errorText = useApiErrorText();
  const create = useCreatePriceAlert();
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    control,
    formState: { errors },
  } = useForm<TAlertForm, unknown, z.output<ReturnType<typeof alertSchema>>>({
    resolver: zodResolver(alertSchema(quotes)),
    mode: 'onChange',
    defaultValues: { pair: '', direction: '', price: '', repeat: false },
  });
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);
  const pair = useWatch({ control, name: 'pair' }) as TPair | '';
  const quote = pair ? quotes.find((q) => q.pair === pair) : undefined;

  const submit = handleSubmit(async (alert) => {
    try {
      await create.mutateAsync(alert);
      toast.success(t('created'));
      resetField('price');
    } catch (err) {
      if (!placeFieldErrors(err)) toast.error(errorText(err));
    }
  });

  return (
    <Card title={t('form.title')} icon={BellRing}>
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="alert-form">
        <fieldset disabled={create.isPending} className="space-y-4">
          <SelectField
            label={t('form.pair')}
            error={text(errors.pair?.message)}
            hint={
              pair ? (
                <span data-testid="alert-live-price">
                  {quote && !quote.stale
                    ? t('form.priceNow', { price: formatPrice(pair, quote.mid, locale) })
                    : t('form.priceUnavailable')}
                </span>
              ) : undefined
            }
            {...register('pair')}
          >
            <option value="" disabled>
              {t('form.pairPlaceholder')}
            </option>
            {MARKET_PAIRS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('form.direction')} error={text(errors.direction?.message)} {...register('direction')}>
            <option value="" disabled>
              {t('form.directionPlaceholder')}
            </option>
            {ALERT_DIRECTIONS.map((value) => (
              <option key={value} value={value}>
                {t(`directions.${value}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('form.price')}
            type="number"
            inputMode="decimal"
            step={priceStep(pair)}
            min="0"
            autoComplete="off"
            error={text(errors.price?.message)}
            {...register('price')}
          />
          <CheckboxField label={t('form.repeat')} {...register('repeat')} />
        </fieldset>
        <Button type="submit" loading={create.isPending} className="w-full" data-testid="alert-submit">
          {t('form.submit')}
        </Button>
      </form>
    </Card>
  );
}

function AlertList() {
  const { t } = useTranslation('alerts');
  const list = usePriceAlerts();
  return (
    <Card title={t('list.title')}>
      {list.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : list.isError ? (
        <ErrorState title={t('list.loadFailed')} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.data.alerts.length === 0 ? (
        <EmptyState icon={BellRing} title={t('list.empty')} description={t('list.emptyHint')} />
      ) : (
        <ul className="divide-y divide-border" data-testid="alert-list">
          {list.data.alerts.map((alert) => (
            <AlertRow key={alert.id} alert={alert} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function AlertRow({ alert }: { alert: TPriceAlert }) {
  const { t, i18n } = useTranslation('alerts');
  const locale = i18n.resolvedLanguage;
  const remove = useDeletePriceAlert();
  const errorText = useApiErrorText();
  const Icon = alert.direction === 'above' ? TrendingUp : TrendingDown;
  const level = formatPrice(alert.pair, alert.price, locale);
  const onDelete = () =>
    remove.mutate(alert.id, {
      onSuccess: () => toast.success(t('deleted')),
      onError: (err) => toast.error(errorText(err)),
    });
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-3 py-3"
      data-testid="alert-row"
      data-status={alert.status}
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-fg">
          <Icon className="h-4 w-4 text-muted" aria-hidden="true" />
          <span>{alert.pair}</span>
          <span className="tabular-nums">{t(`rule.${alert.direction}`, { price: level })}</span>
        </p>
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
          {alert.status === 'active' ? (
            <Badge tone="info">{t('status.active')}</Badge>
          ) : (
            <Badge tone="success">{t('status.triggered')}</Badge>
          )}
          {alert.repeat && <Badge icon={<Repeat className="h-3 w-3" aria-hidden="true" />}>{t('repeats')}</Badge>}
          {alert.lastTriggeredAt && alert.lastTriggeredPrice !== null && (
            <span data-testid="alert-reached">
              {t(alert.triggerCount === 1 ? 'reachedOnce' : 'reachedTimes', {
                price: formatPrice(alert.pair, alert.lastTriggeredPrice, locale),
                time: formatDateTime(alert.lastTriggeredAt, locale),
                count: alert.triggerCount,
              })}
            </span>
          )}
        </p>
      </div>
      <Button
        variant="dangerGhost"
        size="sm"
        onClick={onDelete}
        loading={remove.isPending}
        aria-label={t('delete', { pair: alert.pair, rule: t(`rule.${alert.direction}`, { price: level }) })}
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        <span className="hidden sm:inline">{t('deleteShort')}</span>
      </Button>
    </li>
  );
}
