import { TRANSFER_REFERENCE_MAX } from '@meridian/contracts/transfer-reference';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/field';

export interface TransferFieldsProps {
  reference: UseFormRegisterReturn<'reference'>;
  senderAddress: UseFormRegisterReturn<'senderAddress'>;
  errors: { reference?: string | undefined; senderAddress?: string | undefined };
  /** In the deposit dialog both may wait (labelled optional); on the deposit's page the reference is what is asked for. */
  referenceRequired?: boolean;
}

/**
 * A deposit's transfer hash or reference and its sending address: what the desk looks up on the
 * network before completing the deposit. Kept as typed (no autofill, capitals or spelling fixes,
 * which would change a hash), in monospace.
 */
export function TransferFields({ reference, senderAddress, errors, referenceRequired = false }: TransferFieldsProps) {
  const { t } = useTranslation('deposits');
  const asTyped = { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, className: 'font-mono' } as const;
  return (
    <>
      <TextField
        label={t(referenceRequired ? 'transfer.reference' : 'transfer.referenceOptional')}
        hint={t('transfer.referenceHint')}
        error={errors.reference}
        maxLength={TRANSFER_REFERENCE_MAX}
        data-testid="deposit-reference"
        data-autofocus={referenceRequired || undefined}
        {...asTyped}
        {...reference}
      />
      <TextField
        label={t('transfer.senderOptional')}
        hint={t('transfer.senderHint')}
        error={errors.senderAddress}
        maxLength={200}
        data-testid="deposit-sender"
        {...asTyped}
        {...senderAddress}
      />
    </>
  );
}
