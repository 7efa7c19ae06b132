import type { TClientListItem } from '@meridian/contracts/clients';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { messageKey } from '@/i18n';
import { toast } from '@/lib/toast';
import { useCloseClient } from '../api/close-client';

/** Delete client closes about 1 second after it succeeded, with a toast. */
const CLOSE_AFTER_MS = 1000;

const nameOf = (c: Pick<TClientListItem, 'firstname' | 'lastname'>) => `${c.firstname} ${c.lastname}`.trim();

/**
 * Delete: the confirmation, and what it does here (the account is closed, personal data erased,
 * money records kept; docs/deviations.md, "Deleting a client closes the account"). A refusal (money still on the account) shows
 * the server's reason in the dialog and as a toast.
 */
export function CloseClientDialog({ client, onClose }: { client: TClientListItem; onClose: () => void }) {
  const { t } = useTranslation('clients');
  const errorText = useApiErrorText();
  const remove = useCloseClient();

  useAfterDelay(remove.isSuccess, CLOSE_AFTER_MS, onClose);

  const confirm = () => {
    if (remove.isPending || remove.isSuccess) return;
    remove.mutate(client.id, {
      onSuccess: () => toast.success(t(messageKey('clients.deleted'))),
      onError: (err) => toast.error(errorText(err, t(messageKey('clients.deleteFailed')))),
    });
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('close.title', { name: nameOf(client) })}
      description={
        <>
          <span className="block">{t('close.confirmation')}</span>
          <span className="mt-2 block">{t('close.explanation')}</span>
        </>
      }
      confirmLabel={t('actions.delete')}
      onConfirm={confirm}
      busy={remove.isPending}
      done={remove.isSuccess ? t(messageKey('clients.deleted')) : undefined}
      error={remove.isError ? errorText(remove.error, t(messageKey('clients.deleteFailed'))) : undefined}
    />
  );
}
