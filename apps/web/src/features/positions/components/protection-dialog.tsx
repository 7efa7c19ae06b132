import { zodResolver } from '@hookform/resolvers/zod';
import type { TQuote } from '@meridian/contracts/market';
import { closingSide } from '@meridian/contracts/position-terms';
import { type TPosition, type TPositionProtectionForm, ZPositionProtectionForm } from '@meridian/contracts/positions';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { MoneyFact, MoneyFacts } from '@/components/money/money-dialog';
import { useMessageText } from '@/hooks/use-message-text';
import { formatLeverage, formatPrice } from '@/lib/format';
import { closingPrice } from '@/lib/quote-sides';
import { toast } from '@/lib/toast';
import { useSetPositionProtection } from '../api/set-position-protection';
import { usePositionErrorText } from '../hooks/use-position-error-text';
import { levelProblems, priceOrNull, resultAtLevel } from '../utils/protection';
import { ProtectionFields } from './protection-fields';

/** The fields a refusal may name (422: the level does not suit the price at the server's clock). */
const FIELDS = ['takeProfit', 'stopLoss'] as const;

/**
 * The take-profit and stop-loss rules of one open position, against the live quote: the side and the
 * current price, nearer than the stop-out, the pair's decimals (contracts' `protectionProblems`).
 */
export function protectionSchema(
  position: Pick<TPosition, 'asset' | 'type' | 'stopOutPrice'>,
  quote: TQuote | undefined,
) {
  return ZPositionProtectionForm.superRefine(
    (values, ctx) => {
      // A level its own field refused (not a price) is left out: the other is still checked.
      const levels = { takeProfit: priceOrNull(values.takeProfit), stopLoss: priceOrNull(values.stopLoss) };
      const problems = levelProblems(position.asset, position.type, quote, position.stopOutPrice, levels);
      for (const field of FIELDS) {
        const message = problems[field];
        if (message) ctx.addIssue({ code: 'custom', path: [field], message });
      }
    },
    { when: () => true },
  );
}
type TValues = z.output<ReturnType<typeof protectionSchema>>;

const asField = (level: number | null) => (level === null ? '' : String(level));

/** A typed level as the number it would be sent as; null while empty or not a price. */
function typedLevel(value: unknown): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const level = Number(value);
  return Number.isFinite(level) && level > 0 ? level : null;
}

export interface ProtectionDialogProps {
  /** The client's own open position. */
  position: TPosition;
  /** Its pair's live quote: the levels are checked against the side it closes at, as the server checks them. */
  quote: TQuote | undefined;
  onClose: () => void;
}

/**
 * Edit TP/SL: the take-profit and stop-loss of an open position, prefilled, with the live price and
 * its stop-out, each checked as typed and showing what the position would make if reached; an empty
 * field removes that level. Save sends both (the server checks them at its own price); a refused
 * level shows on its field, anything else in the dialog. On success a toast says so and it closes.
 */
export function ProtectionDialog({ position, quote, onClose }: ProtectionDialogProps) {
  const { t, i18n } = useTranslation(['positions', 'market']);
  const locale = i18n.resolvedLanguage;
  const text = useMessageText();
  const failureText = usePositionErrorText();
  const save = useSetPositionProtection();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<TPositionProtectionForm, unknown, TValues>({
    resolver: zodResolver(protectionSchema(position, quote)),
    mode: 'onChange',
    defaultValues: { takeProfit: asField(position.takeProfit), stopLoss: asField(position.stopLoss) },
  });
  const [takeProfit, stopLoss] = useWatch({ control, name: ['takeProfit', 'stopLoss'] });
  const state = useFormDialogSubmit({
    mutation: save,
    send: (values: TValues) =>
      save.mutateAsync({
        id: position.id,
        levels: { takeProfit: values.takeProfit ?? null, stopLoss: values.stopLoss ?? null },
      }),
    setError,
    fields: FIELDS,
    failedText: failureText,
    onSuccess: () => toast.success(t('protectionSaved')),
    onClose,
    closeAfterMs: 0,
  });
  const live = closingPrice(position.type, quote);
  const price = (value: number) => formatPrice(position.asset, value, locale);
  const resultAt = (value: unknown, error: unknown) =>
    error ? null : resultAtLevel(position, position.entryPrice, typedLevel(value));

  return (
    <FormDialog
      title={t('levels.title')}
      description={t('levels.description')}
      testId="protection-form"
      state={state}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t('levels.save')}
      submitTestId="protection-save"
      className="max-w-lg"
      intro={
        <MoneyFacts>
          <MoneyFact label={t('positions.columns.pair')}>
            {position.asset} · {t(`positions.types.${position.type}`)} · {formatLeverage(position.leverage)}
          </MoneyFact>
          <MoneyFact label={t('detail.entryPrice')}>
            <span className="tabular-nums">{price(position.entryPrice)}</span>
          </MoneyFact>
          <MoneyFact label={t('review.priceAtSide', { side: t(`market:columns.${closingSide(position.type)}`) })}>
            <span className="tabular-nums" data-testid="protection-current-price">
              {live === null ? t('admin.noLivePrice') : price(live)}
            </span>
          </MoneyFact>
          <MoneyFact label={t('review.stopOut')}>
            <span className="tabular-nums">
              {position.stopOutPrice === null ? t('review.noStopOut') : price(position.stopOutPrice)}
            </span>
          </MoneyFact>
        </MoneyFacts>
      }
    >
      <fieldset disabled={state.busy}>
        <ProtectionFields
          pair={position.asset}
          side={position.type}
          hasStopOut={position.stopOutPrice !== null}
          takeProfit={register('takeProfit')}
          stopLoss={register('stopLoss')}
          errors={{ takeProfit: text(errors.takeProfit?.message), stopLoss: text(errors.stopLoss?.message) }}
          results={{
            takeProfit: resultAt(takeProfit, errors.takeProfit),
            stopLoss: resultAt(stopLoss, errors.stopLoss),
          }}
          autoFocus
        />
      </fieldset>
    </FormDialog>
  );
}
