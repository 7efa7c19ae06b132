import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/field';

type AddressFieldProps = { method: { name: string } | undefined } & Omit<
  ComponentProps<typeof TextField>,
  'autoComplete' | 'autoCapitalize' | 'spellCheck' | 'className' | 'hint'
>;

/**
 * A wallet address to send a method's asset to: kept as typed (no autofill, capitals or spelling
 * fixes, which would change it), in monospace, with the method's network as its hint once chosen.
 */
export function AddressField({ method, ...props }: AddressFieldProps) {
  const { t } = useTranslation('withdrawals');
  return (
    <TextField
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      className="font-mono"
      hint={method ? t('withdrawal.addressHint', { method: method.name }) : undefined}
      {...props}
    />
  );
}
