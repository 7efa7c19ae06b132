import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/field';
import { formatMoney } from '@/lib/format';

type AmountFieldProps = { method: { minAmount: number; maxAmount: number } } & Omit<
  ComponentProps<typeof TextField>,
  'type' | 'inputMode' | 'step' | 'min' | 'max' | 'placeholder' | 'autoComplete' | 'hint'
>;

/** The amount to move through a method, in dollars and cents, within the method's min and max (given as its hint). */
export function AmountField({ method, ...props }: AmountFieldProps) {
  const { minAmount: min, maxAmount: max } = method;
  return (
    <TextField
      type="number"
      inputMode="decimal"
      step="0.01"
      min={min}
      max={max}
      placeholder="0.00"
      autoComplete="off"
      hint={<AmountHint min={min} max={max} />}
      {...props}
    />
  );
}

/** "Between $10.00 and $50,000.00". */
function AmountHint({ min, max }: { min: number; max: number }) {
  const { t, i18n } = useTranslation('methods');
  const locale = i18n.resolvedLanguage;
  return <>{t('methods.amountHint', { min: formatMoney(min, locale), max: formatMoney(max, locale) })}</>;
}
