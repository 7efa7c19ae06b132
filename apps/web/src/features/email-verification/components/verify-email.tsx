import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Spinner } from '@/components/ui/spinner';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useVerifyEmail } from '../api/verify-email';

/**
 * Follows the mailed link as soon as the page opens: success, or why not (used, expired, not valid)
 * with the way on: the dashboard, whose banner asks for a new link, or the sign-in page first.
 */
export function VerifyEmail({ token }: { token: string }) {
  const { t } = useTranslation('email-verification');
  const errorText = useApiErrorText();
  const current = useSession();
  const verification = useVerifyEmail();
  const { mutate } = verification;
  // Once per page: a second request would find the link used.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [mutate, token]);

  const onward =
    current?.role === 'Client' ? (
      <ButtonLink to="/user">{t('page.toDashboard')}</ButtonLink>
    ) : (
      <ButtonLink to="/auth/user/login">{t('page.signIn')}</ButtonLink>
    );

  if (verification.isSuccess) {
    return (
      <div className="space-y-5">
        <Alert tone="success">
          <p className="font-medium">{t('verified')}</p>
          <p className="mt-1 text-fg">{t('page.successBody')}</p>
        </Alert>
        {onward}
      </div>
    );
  }
  if (verification.isError) {
    // Only a failure to reach the server is worth trying again; a refused link stays refused.
    const reachable = verification.error instanceof ApiError && verification.error.status > 0;
    return (
      <div className="space-y-5">
        <Alert tone="danger">
          <p className="font-medium">{t('page.failureTitle')}</p>
          <p className="mt-1 text-fg">{errorText(verification.error)}</p>
        </Alert>
        <div className="flex flex-wrap gap-3">
          {onward}
          {!reachable && (
            <Button variant="outline" onClick={() => mutate({ token })}>
              {t('page.retry')}
            </Button>
          )}
        </div>
      </div>
    );
  }
  return (
    <div role="status" aria-busy="true" className="flex items-center gap-3 text-sm text-muted">
      <Spinner className="h-5 w-5" />
      {t('page.checking')}
    </div>
  );
}
