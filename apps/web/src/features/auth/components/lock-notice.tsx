import { Lock, LockOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** What the unlock slot is given: the dialog's open state and the email typed on the form. */
export interface TUnlockSlotProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
}

/** Renders the unlock request dialog; app/ fills it with the recovery feature's dialog. */
export type TUnlockSlot = (props: TUnlockSlotProps) => ReactNode;

export interface LockNoticeProps {
  /** When the lock ends, formatted for the reader. */
  until: string;
  /** The email typed on the form; the unlock request starts with it. */
  email?: string;
  /**
   * Clients may ask an admin to unlock the account now: app/ passes the unlock request dialog (a feature
   * of its own) here. Without it, as for staff accounts, the lock ends at the time shown.
   */
  unlock?: TUnlockSlot | undefined;
}

/**
 * The server locked the account after too many failed sign-ins. Unlock Account opens
 * the unlock request (a photo, then the emailed temporary code); otherwise the lock ends by itself.
 */
export function LockNotice({ until, email = '', unlock }: LockNoticeProps) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  return (
    <Alert tone="danger" className="space-y-3">
      <p className="flex items-center gap-2 font-medium">
        <Lock className="h-4 w-4 shrink-0" aria-hidden="true" />
        {t('lockedUntil', { time: until })}
      </p>
      {unlock ? (
        <>
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            <LockOpen className="h-4 w-4" aria-hidden="true" />
            {t('unlockAccount')}
          </Button>
          {unlock({ open, onOpenChange: setOpen, email })}
        </>
      ) : null}
    </Alert>
  );
}
