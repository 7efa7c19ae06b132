import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useLogout } from '@/features/auth/api/logout';
import { toast } from '@/lib/toast';

export interface LogoutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the user lands once signed out: '/' for clients, the admin login page for admins. */
  redirectTo: string;
}

/** "Confirm Logout" with Cancel and Sign Out; while signing out it cannot be dismissed. */
export function LogoutDialog({ open, onOpenChange, redirectTo }: LogoutDialogProps) {
  const { t } = useTranslation(['shell', 'common', 'errors']);
  const logout = useLogout({ redirectTo });
  const busy = logout.isPending || logout.isSuccess;
  useReturnFocus(open);

  const confirm = () =>
    logout.mutate(undefined, {
      onError: () => toast.error(t('errors:logoutFailed')),
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={t('shell:logout.title')}
      description={t('shell:logout.body')}
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button variant="danger" onClick={confirm} loading={busy} data-testid="logout-confirm">
          {t('shell:logout.confirm')}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {busy ? t('shell:logout.signingOut') : ''}
      </p>
    </Dialog>
  );
}

/**
 * The dialog is opened from a plain button rather than a Radix trigger, so it cannot know where focus
 * came from: remember it on open and put it back on close (the Logout button, in the sidebar or drawer).
 * A layout effect, so the opener is read before the dialog moves focus inside itself.
 */
function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const target = opener.current;
    opener.current = null;
    if (!target) return;
    const id = window.requestAnimationFrame(() => {
      if (target.isConnected) target.focus();
    });
    return () => window.cancelAnimationFrame(id);
  }, [open]);
}
