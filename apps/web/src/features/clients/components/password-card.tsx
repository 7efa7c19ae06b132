import type { TUser } from '@meridian/contracts/auth';
import { sendPasswordResetLink } from '@meridian/contracts/endpoints/recovery';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useCan } from '@/hooks/use-can';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { useSendPasswordReset } from '../api/send-password-reset';
import { ActionDialog } from './action-dialog';

/**
 * Where a stored password would be shown we show when it was last changed and offer to email a
 * one-time reset link (docs/deviations.md, "No stored plain-text passwords").
 */
export function PasswordCard({ client }: { client: TUser }) {
  const { t } = useTranslation('clients');
  const format = useLocaleFormat();
  const reset = useSendPasswordReset(client.id);
  const canSend = useCan(sendPasswordResetLink.permission);
  const [open, setOpen] = useState(false);
  const name = `${client.firstname} ${client.lastname}`.trim();
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-surface-2/50 p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium uppercase tracking-wide text-muted">{t('password.lastChanged')}</p>
        <p className="text-sm text-fg" data-testid="password-last-changed">
          {format.dateTime(client.passwordChangedAt)}
        </p>
      </div>
      {canSend && (
        <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="send-password-reset">
          <KeyRound className="h-4 w-4" aria-hidden="true" />
          {t('password.send')}
        </Button>
      )}
      <ActionDialog
        open={open}
        onOpenChange={setOpen}
        title={t('password.title')}
        description={t('password.description', { name, email: client.email })}
        confirmLabel={t('password.confirm')}
        action={() => reset.mutateAsync()}
        done="recovery.resetLinkSent"
        failure={(msg) => t('password.failed', { msg })}
      />
    </div>
  );
}
