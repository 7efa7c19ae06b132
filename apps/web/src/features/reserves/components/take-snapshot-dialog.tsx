import { useTranslation } from 'react-i18next';
import { CLOSE_AFTER_MS } from '@/components/form-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useAnswerText } from '@/hooks/use-answer-text';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { toast } from '@/lib/toast';
import { useTakeSnapshot } from '../api/take-snapshot';

/**
 * Take a snapshot: every client's balance is read from the ledger at once, the watched addresses
 * from their nodes, and the new root is published to clients (and the public page, if on).
 */
export function TakeSnapshotDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('reserves');
  const answerText = useAnswerText();
  const errorText = useApiErrorText();
  const take = useTakeSnapshot();
  useAfterDelay(take.isSuccess, CLOSE_AFTER_MS, onClose);
  const confirm = () => {
    if (take.isPending || take.isSuccess) return;
    take.mutate(undefined, {
      onSuccess: (answer) => toast.success(answerText(answer.message, 'reserves.snapshotTaken')),
    });
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      tone="primary"
      title={t('snapshot.title')}
      description={t('snapshot.body')}
      confirmLabel={t('snapshot.submit')}
      onConfirm={confirm}
      busy={take.isPending}
      done={take.data ? answerText(take.data.message, 'reserves.snapshotTaken') : undefined}
      error={take.isError ? errorText(take.error, t('snapshot.failed')) : undefined}
    />
  );
}
