import type { TQuote } from '@meridian/contracts/market';
import type { TMessageKey } from '@meridian/contracts/messages';
import { MARKET_PAIRS, type TPair } from '@meridian/contracts/pairs';
import { SIGNAL_RETURN_MAX } from '@meridian/contracts/signals';
import { ArrowDownRight, ArrowUpRight, Megaphone, Sparkles } from 'lucide-react';
import { useMemo } from 'react';
import { type FieldErrors, type Resolver, type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { messageKey } from '@/i18n';
import { formatPrice, priceStep } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCreateSignal } from '../api/create-signal';
import {
  checkSignalForm,
  emptySignalForm,
  SIGNAL_FIELDS,
  sampleSignal,
  type TSignalField,
  type TSignalFormValues,
} from '../utils/signal-form';

/** The signal list, where a new signal shows. */
const SIGNAL_LIST_PATH = '/admin/signal-list';

/** The contract's rules (and a schedule still ahead), checked on every change with their messages. */
const signalResolver: Resolver<TSignalFormValues> = (values) => {
  const check = checkSignalForm(values, Date.now());
  if (check.ok) return { values, errors: {} };
  const errors: FieldErrors<TSignalFormValues> = {};
  for (const [field, key] of Object.entries(check.errors) as [TSignalField, TMessageKey][]) {
    errors[field] = { type: 'validation', message: key };
  }
  return { values: {}, errors };
};

export interface CreateSignalPageProps {
  /** Live quotes of the pairs: the price hint and Fill Sample Data's prices. */
  quotes: readonly TQuote[];
}

/**
 * /admin/create-signal: every field required; prices in the pair's decimals, the return to 0.1, the
 * minimum entry at least $1, the times in the admin's time zone. Fill Sample Data fills a call on the
 * chosen (or first) pair at its live price, opening in 30 minutes and closing in 4 hours.
 */
export function CreateSignalPage({ quotes }: CreateSignalPageProps) {
  const { t, i18n } = useTranslation('signals');
  const locale = i18n.resolvedLanguage ?? 'en';
  const text = useMessageText();
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const create = useCreateSignal();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<TSignalFormValues>({
    resolver: signalResolver,
    mode: 'onChange',
    defaultValues: emptySignalForm(),
  });
  const placeFieldErrors = useServerFieldErrors(setError, SIGNAL_FIELDS);

  const asset = watch('asset');
  const entry = Number(watch('entryPrice'));
  const target = Number(watch('targetPrice'));
  const liveOf = (pair: TPair) => {
    const quote = quotes.find((q) => q.pair === pair);
    return quote && !quote.stale ? quote.mid : undefined;
  };
  const livePrice = asset ? liveOf(asset) : undefined;
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);

  const fillSample = () => {
    const pair = asset || MARKET_PAIRS[0];
    reset(
      sampleSignal({
        pair,
        price: liveOf(pair),
        now: Date.now(),
        title: t('admin.sample.title', { pair }),
        description: t('admin.sample.description', { pair }),
      }),
      { keepDefaultValues: true },
    );
  };

  const onSubmit: SubmitHandler<TSignalFormValues> = async (values) => {
    if (create.isPending) return;
    const check = checkSignalForm(values, Date.now());
    if (!check.ok) return;
    try {
      await create.mutateAsync(check.input);
      toast.success(t(messageKey('signals.signalCreated')));
      await navigate(SIGNAL_LIST_PATH);
    } catch (err) {
      if (placeFieldErrors(err)) return;
      toast.error(errorText(err, t('admin.createFailed')));
    }
  };

  const error = (name: TSignalField) => text(errors[name]?.message);
  const step = priceStep(asset, '0.01');
  const direction = entry > 0 && target > 0 && entry !== target ? (target > entry ? 'up' : 'down') : null;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold text-fg">{t('admin.createTitle')}</h1>
          <p className="mt-1 text-sm text-muted">{t('admin.createSubtitle')}</p>
        </div>
        <Button variant="outline" onClick={fillSample} data-testid="signal-sample">
          <Sparkles className="h-4 w-4" aria-hidden="true" />
          {t('admin.fillSample')}
        </Button>
      </header>

      <Card title={t('admin.formTitle')} icon={Megaphone}>
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid="signal-form">
          <fieldset disabled={create.isPending} className="space-y-4">
            <TextField
              label={t('admin.fields.title')}
              placeholder={t('admin.placeholders.title')}
              autoComplete="off"
              maxLength={120}
              error={error('title')}
              {...register('title')}
            />
            <TextAreaField
              label={t('admin.fields.description')}
              placeholder={t('admin.placeholders.description')}
              maxLength={2000}
              error={error('description')}
              {...register('description')}
            />
            <SelectField
              label={t('admin.fields.asset')}
              error={error('asset')}
              hint={
                asset ? (
                  <span data-testid="signal-live-price">
                    {livePrice === undefined
                      ? t('admin.noLivePrice')
                      : t('admin.livePrice', { price: formatPrice(asset, livePrice, locale) })}
                  </span>
                ) : undefined
              }
              {...register('asset', { deps: ['entryPrice', 'targetPrice'] })}
            >
              <option value="">{t('admin.placeholders.asset')}</option>
              {MARKET_PAIRS.map((pair) => (
                <option key={pair} value={pair}>
                  {pair}
                </option>
              ))}
            </SelectField>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t('admin.fields.entryPrice')}
                type="number"
                inputMode="decimal"
                step={step}
                min="0"
                error={error('entryPrice')}
                {...register('entryPrice', { deps: ['targetPrice'] })}
              />
              <TextField
                label={t('admin.fields.targetPrice')}
                type="number"
                inputMode="decimal"
                step={step}
                min="0"
                error={error('targetPrice')}
                hint={direction ? <Direction up={direction === 'up'} /> : undefined}
                {...register('targetPrice')}
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t('admin.fields.percentageReturn')}
                type="number"
                inputMode="decimal"
                step="0.1"
                min="0.1"
                max={SIGNAL_RETURN_MAX}
                error={error('percentageReturn')}
                {...register('percentageReturn')}
              />
              <TextField
                label={t('admin.fields.minEntryAmount')}
                type="number"
                inputMode="decimal"
                step="0.01"
                min="1"
                error={error('minEntryAmount')}
                {...register('minEntryAmount')}
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t('admin.fields.scheduleTime')}
                type="datetime-local"
                hint={t('admin.timeZone', { zone: timeZone })}
                error={error('scheduleTime')}
                {...register('scheduleTime', { deps: ['closingTime'] })}
              />
              <TextField
                label={t('admin.fields.closingTime')}
                type="datetime-local"
                hint={t('admin.closingHint')}
                error={error('closingTime')}
                {...register('closingTime')}
              />
            </div>
          </fieldset>
          <div className="flex flex-col-reverse gap-3 border-t border-border pt-4 sm:flex-row sm:justify-end">
            <Button type="submit" loading={create.isPending} data-testid="signal-submit">
              {t('admin.create')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

/** Which way the price must move for a gain. */
function Direction({ up }: { up: boolean }) {
  const { t } = useTranslation('signals');
  const Icon = up ? ArrowUpRight : ArrowDownRight;
  return (
    <span className="inline-flex items-center gap-1">
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {t(up ? 'admin.directionUp' : 'admin.directionDown')}
    </span>
  );
}
