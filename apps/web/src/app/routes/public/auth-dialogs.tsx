import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAuthDialogControls } from '@/components/layouts/public-layout';
import { Dialog } from '@/components/ui/dialog';
import { LoadingStatus } from '@/components/ui/spinner';
import { AuthSwitch } from '@/features/auth/components/auth-switch';
import { lazyComponent } from '@/lib/lazy-component';
import { renderUnlockDialog } from './unlock-slot';

// The forms (and their validation) load only when a visitor opens a modal.
const LoginForm = lazyComponent(() => import('@/features/auth/components/login-form'), 'LoginForm');
const RegisterForm = lazyComponent(() => import('@/features/auth/components/register-form'), 'RegisterForm');

/** The header's Log in and Sign up modals; each can switch to the other. */
export function AuthDialogs({ open, show, close }: TAuthDialogControls) {
  const { t } = useTranslation('auth');
  /** The email just signed up with in the Sign up modal: the Log in modal starts from it. */
  const [signedUpEmail, setSignedUpEmail] = useState<string>();
  const onOpenChange = (next: boolean) => {
    if (!next) close();
  };
  return (
    <>
      <Dialog
        open={open === 'login'}
        onOpenChange={onOpenChange}
        title={t('login.title')}
        description={t('login.subtitle')}
      >
        <Suspense fallback={<LoadingStatus className="py-10 text-muted" />}>
          <LoginForm
            email={signedUpEmail}
            onRedirect={close}
            unlock={renderUnlockDialog}
            footer={
              <AuthSwitch prompt={t('login.noAccount')} action={t('login.signUp')} onClick={() => show('register')} />
            }
          />
        </Suspense>
      </Dialog>
      <Dialog
        open={open === 'register'}
        onOpenChange={onOpenChange}
        title={t('register.title')}
        description={t('register.subtitle')}
        className="max-w-xl"
      >
        <Suspense fallback={<LoadingStatus className="py-10 text-muted" />}>
          <RegisterForm
            onRegistered={(email) => {
              setSignedUpEmail(email);
              show('login');
            }}
            footer={
              <AuthSwitch
                prompt={t('register.haveAccount')}
                action={t('register.logIn')}
                onClick={() => show('login')}
              />
            }
          />
        </Suspense>
      </Dialog>
    </>
  );
}
