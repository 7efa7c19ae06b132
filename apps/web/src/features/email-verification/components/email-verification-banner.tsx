import type { TUser } from '@meridian/contracts/auth';
import { MailWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFreshClient } from '@/api/client';
import { Button } from '@/components/ui/button';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useResendVerification } from '../api/resend-verification';

/**
 * The client area's banner while the client's email address is not verified: no money moves until
 * they open the mailed link (docs/security.md, "Email verification"), and "Resend the email" asks
 * for a new one. Nothing once the address is verified.
 */
export function EmailVerificationBanner({ user }: { user: TUser }) {
  if (user.type !== 'Client' || user.emailVerified) return null;
  return <UnverifiedBanner user={user} />;
}

function UnverifiedBanner({ user }: { user: TUser }) {
  const { t } = useTranslation('email-verification');
  const errorText = useApiErrorText();
  // Follows the record while the banner shows: a link opened in another tab or on a phone (the live
  // `account` topic, or coming back to this tab) takes the banner away.
  useFreshClient(user.id);
  const resend = useResendVerification(user.id);
  return (
    <section
      aria-labelledby="email-verification-title"
      data-testid="email-verification-banner"
      className="mx-auto mb-6 max-w-6xl rounded-xl border border-warning/40 bg-warning-soft px-4 py-3 text-sm"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <MailWarning className="hidden h-5 w-5 shrink-0 text-warning sm:block" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p id="email-verification-title" className="font-semibold text-warning">
            {t('banner.title')}
          </p>
          <p className="mt-0.5 break-words text-fg">{t('banner.body', { email: user.email })}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="shrink-0 self-start sm:self-center"
          loading={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {t('banner.resend')}
        </Button>
      </div>
      <div aria-live="polite">
        {resend.isSuccess && <p className="mt-2 text-fg">{t('sent', { email: user.email })}</p>}
        {resend.isError && (
          <p className="mt-2 font-medium text-danger">{errorText(resend.error, t('banner.resendFailed'))}</p>
        )}
      </div>
    </section>
  );
}
