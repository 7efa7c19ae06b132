import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { SupportForm } from './support-form';

/** The contact form in a dialog, opened by the floating support button. Its own chunk. */
export function SupportChatDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('support');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('formTitle')}
      description={t('replyTime')}
      className="max-w-lg"
    >
      <SupportForm />
    </Dialog>
  );
}
