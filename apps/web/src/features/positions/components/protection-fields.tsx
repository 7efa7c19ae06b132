import type { TPair } from '@meridian/contracts/pairs';
import type { TPositionType } from '@meridian/contracts/position-terms';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/field';
import { priceStep } from '@/lib/format';
import { LevelResult } from './position-levels';

export interface ProtectionFieldsProps {
  /** The pair the prices are of (their decimals); unknown until chosen. */
  pair: TPair | undefined;
  /**
   * The position's side: the hints say where each level goes for it. Null while it is not chosen
   * (the order form, before Buy or Sell): the hints say it for a buy and for a sell.
   */
  side: TPositionType | null;
  /** A buy at 1:1 has no stop-out: its stop-loss has no lower bound to name. */
  hasStopOut?: boolean;
  takeProfit: UseFormRegisterReturn<'takeProfit'>;
  stopLoss: UseFormRegisterReturn<'stopLoss'>;
  errors: { takeProfit?: string | undefined; stopLoss?: string | undefined };
  /** What the position would make at each level, shown in its hint when known. */
  results?: { takeProfit: number | null; stopLoss: number | null };
  /** The labels say "(optional)": the order form, where every other field is required. */
  optional?: boolean;
  /** The take-profit field takes the focus when its dialog opens. */
  autoFocus?: boolean;
  /** Where each level goes while the side is not chosen, when not against the market price (a pending order's price). */
  hints?: { takeProfit: string; stopLoss: string } | undefined;
}

/**
 * The take-profit and stop-loss prices, side by side where the form has room (a container query, so
 * the dashboard's narrow column stacks them). Empty is none. Each hint says which side of the current
 * price the level goes (and, when known, what the position would make there); an error takes its
 * place, and the field is described by whichever shows.
 */
export function ProtectionFields({
  pair,
  side,
  hasStopOut = true,
  takeProfit,
  stopLoss,
  errors,
  results,
  optional = false,
  autoFocus = false,
  hints,
}: ProtectionFieldsProps) {
  const { t } = useTranslation('positions');
  const step = priceStep(pair);
  const takeProfitHint =
    side === null ? (hints?.takeProfit ?? t('form.takeProfitHint')) : t(`levels.takeProfitHint.${side}`);
  const stopLossHint =
    side === null
      ? (hints?.stopLoss ?? t('form.stopLossHint'))
      : t(
          side === 'sell'
            ? 'levels.stopLossHint.sell'
            : hasStopOut
              ? 'levels.stopLossHint.buy'
              : 'levels.stopLossHint.buyNoStopOut',
        );
  const common = { type: 'number', inputMode: 'decimal', step, min: '0', autoComplete: 'off' } as const;
  return (
    <div className="@container">
      <div className="grid gap-4 @sm:grid-cols-2">
        <TextField
          label={optional ? t('form.takeProfit') : t('levels.takeProfit')}
          {...common}
          error={errors.takeProfit}
          hint={<Hint text={takeProfitHint} result={results?.takeProfit ?? null} />}
          data-autofocus={autoFocus || undefined}
          data-testid="position-take-profit"
          {...takeProfit}
        />
        <TextField
          label={optional ? t('form.stopLoss') : t('levels.stopLoss')}
          {...common}
          error={errors.stopLoss}
          hint={<Hint text={stopLossHint} result={results?.stopLoss ?? null} />}
          data-testid="position-stop-loss"
          {...stopLoss}
        />
      </div>
    </div>
  );
}

function Hint({ text, result }: { text: string; result: number | null }) {
  return (
    <>
      {text}
      {result !== null && (
        <>
          {' · '}
          <LevelResult amount={result} />
        </>
      )}
    </>
  );
}
