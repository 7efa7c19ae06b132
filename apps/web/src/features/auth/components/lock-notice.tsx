import { Lock, LockOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { UnlockDialog } from '@/features/recovery/components/unlock-dialog';

export interface LockNoticeProps {
  /** When the lock ends, formatted for the reader. */
  until: string;
  /** The email typed on the form; the unlock request starts with it. */
  email?: string;
  /** Clients may ask an admin to unlock the account now (staff accounts wait for the time shown). */
  canRequestUnlock?: boolean;
}

/**
 * The server locked the account after too many failed sign-ins. Unlock Account opens
 * the unlock request (a photo, then the emailed temporary code); otherwise the lock ends by itself.
 */
export function LockNotice({ until, email = '', canRequestUnlock = false }: LockNoticeProps) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  return (
    <Alert tone="danger" className="space-y-3">
      <p className="flex items-center gap-2 font-medium">
        <Lock className="h-4 w-4 shrink-0" aria-hidden="true" />
        {t('lockedUntil', { time: until })}
      </p>
      {canRequestUnlock ? (
        <>
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            <LockOpen className="h-4 w-4" aria-hidden="true" />
            {t('unlockAccount')}
          </Button>
          <UnlockDialog open={open} onOpenChange={setOpen} email={email} />
        </>
      ) : null}
    </Alert>
  );
}
