import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { RecoverySteps } from './recovery-steps';

export interface UnlockDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The email typed on the sign-in form. */
  email: string;
}

/** "Unlock Account" from the lock notice: request with a photo, then the emailed code. */
export function UnlockDialog({ open, onOpenChange, email }: UnlockDialogProps) {
  const { t } = useTranslation('recovery');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('unlockDialog.title')}
      description={t('unlockDialog.subtitle')}
    >
      {open ? <RecoverySteps kind="unlock" defaultEmail={email} onSignedIn={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}
