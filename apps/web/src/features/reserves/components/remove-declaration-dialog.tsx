import type { TReserveDeclaration } from '@meridian/contracts/reserves';
import { useTranslation } from 'react-i18next';
import { CLOSE_AFTER_MS } from '@/components/form-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useAnswerText } from '@/hooks/use-answer-text';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { toast } from '@/lib/toast';
import { useRemoveDeclaration } from '../api/remove-declaration';

/** Remove a standing declaration: it no longer counts in the snapshots taken from now on (past ones keep it). */
export function RemoveDeclarationDialog({
  declaration,
  onClose,
}: {
  declaration: TReserveDeclaration;
  onClose: () => void;
}) {
  const { t } = useTranslation('reserves');
  const format = useLocaleFormat();
  const answerText = useAnswerText();
  const errorText = useApiErrorText();
  const remove = useRemoveDeclaration();
  useAfterDelay(remove.isSuccess, CLOSE_AFTER_MS, onClose);
  const confirm = () => {
    if (remove.isPending || remove.isSuccess) return;
    remove.mutate(declaration.id, {
      onSuccess: (answer) => toast.success(answerText(answer.message, 'reserves.removed')),
    });
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('remove.title')}
      description={t('remove.body', { label: declaration.label, amount: format.money(declaration.amount) })}
      confirmLabel={t('remove.submit')}
      onConfirm={confirm}
      busy={remove.isPending}
      done={remove.data ? answerText(remove.data.message, 'reserves.removed') : undefined}
      error={remove.isError ? errorText(remove.error, t('remove.failed')) : undefined}
    />
  );
}
