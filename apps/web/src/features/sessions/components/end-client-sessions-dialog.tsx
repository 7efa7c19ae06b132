import { ZEndClientSessionsInput } from '@meridian/contracts/sessions';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '@/components/reason-dialog';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { messageKey } from '@/i18n';
import { toast } from '@/lib/toast';
import { useEndClientSessions } from '../api/end-client-sessions';

/** End all sessions of a client: a reason is required and kept in the audit log. */
export function EndClientSessionsDialog({
  userId,
  name,
  onClose,
}: {
  userId: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('sessions');
  const errorText = useApiErrorText();
  const end = useEndClientSessions(userId);
  const endedText = (count: number) => t(messageKey('sessions.clientSessionsEnded'), { count });
  return (
    <ReasonDialog
      title={t('admin.endAll.title', { name })}
      description={t('admin.endAll.body')}
      schema={ZEndClientSessionsInput}
      label={t('admin.endAll.reason')}
      placeholder={t('admin.endAll.reasonPlaceholder')}
      submitLabel={t('admin.endAll.confirm')}
      testId="end-client-sessions"
      mutation={end}
      send={end.mutateAsync}
      onSuccess={(answer) => toast.success(endedText(answer.count))}
      failedText={(err) => errorText(err, t('admin.endAll.failed'))}
      doneText={end.data ? endedText(end.data.count) : ''}
      onClose={onClose}
    />
  );
}
