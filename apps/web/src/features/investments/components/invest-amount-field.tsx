import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/field';
import { formatMoney } from '@/lib/format';

type InvestAmountFieldProps = { limits: { min: number; max: number } } & Omit<
  ComponentProps<typeof TextField>,
  'type' | 'inputMode' | 'step' | 'min' | 'max' | 'placeholder' | 'autoComplete' | 'hint' | 'label'
>;

/** The amount to invest, in dollars and cents, within the plan's minimum and maximum (given as its hint). */
export function InvestAmountField({ limits, ...props }: InvestAmountFieldProps) {
  const { t, i18n } = useTranslation('investments');
  const locale = i18n.resolvedLanguage;
  return (
    <TextField
      label={t('dialog.amount')}
      type="number"
      inputMode="decimal"
      step="0.01"
      min={limits.min}
      max={limits.max}
      placeholder="0.00"
      autoComplete="off"
      hint={t('dialog.amountHint', { min: formatMoney(limits.min, locale), max: formatMoney(limits.max, locale) })}
      {...props}
    />
  );
}
