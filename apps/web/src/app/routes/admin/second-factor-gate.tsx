import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguagePicker } from '@/components/language-picker';
import { Logo } from '@/components/logo';
import { Splash } from '@/components/splash';
import { ThemeToggle } from '@/components/theme-toggle';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { SkeletonList } from '@/components/ui/skeleton';
import { LogoutDialog } from '@/features/auth/components/logout-dialog';
import { useTwoFactorStatus } from '@/features/two-factor/api/two-factor-status';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { lazyComponent } from '@/lib/lazy-component';

/** Enrolment (with its form and validation libraries) loads for the admins who still need it only. */
const Enrolment = lazyComponent(() => import('@/features/two-factor/components/enrolment'), 'Enrolment');

/**
 * The back office opens only to an admin whose session passed a second factor (or a passkey): an
 * admin signed in with a password alone sees this full-page enrolment first, and goes on into the
 * back office once it is done, without signing in again (docs/security.md, "Two-factor sign-in").
 */
export function AdminSecondFactorGate() {
  const { t } = useTranslation('two-factor');
  const errorText = useApiErrorText();
  const status = useTwoFactorStatus();
  const [leaving, setLeaving] = useState(false);

  if (status.isPending) return <Splash />;
  if (status.data?.sessionVerified) return <Outlet />;

  return (
    <div className="min-h-dvh bg-bg text-fg">
      <header className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
        <Logo className="h-8 w-8" />
        <div className="flex items-center gap-2">
          <LanguagePicker />
          <ThemeToggle />
          <Button variant="outline" size="sm" onClick={() => setLeaving(true)}>
            {t('gate.signOut')}
          </Button>
        </div>
      </header>
      <main className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8" data-testid="admin-two-factor-gate">
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold">{t('gate.title')}</h1>
          <p className="text-sm text-muted">{t('gate.text')}</p>
        </div>
        {status.isError ? (
          <ErrorState
            title={t('status.loadFailed')}
            description={errorText(status.error)}
            onRetry={() => void status.refetch()}
            retrying={status.isFetching}
          />
        ) : status.data?.enabled ? (
          <Alert tone="info">{t('gate.signInAgain')}</Alert>
        ) : (
          <section className="rounded-2xl border border-border bg-surface p-5">
            <Suspense fallback={<SkeletonList rows={3} />}>
              <Enrolment doneLabel={t('gate.continue')} />
            </Suspense>
          </section>
        )}
      </main>
      <LogoutDialog open={leaving} onOpenChange={setLeaving} redirectTo="/auth/admin/login" />
    </div>
  );
}
