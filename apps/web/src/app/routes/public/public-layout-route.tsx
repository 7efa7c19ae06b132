import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicLayout, type TAuthDialogControls } from '@/components/layouts/public-layout';
import { Button } from '@/components/ui/button';
import { LoadingStatus } from '@/components/ui/spinner';
import { SupportChatButton } from '@/features/support/components/support-chat-button';
import { lazyComponent } from '@/lib/lazy-component';

// The Log in and Sign up modals, with the dialog library, load the first time a visitor opens one.
const AuthDialogs = lazyComponent(() => import('./auth-dialogs'), 'AuthDialogs');

/** Mounts the modals once one is asked for, then keeps them, so closing still animates. */
function OnDemandAuthDialogs(controls: TAuthDialogControls) {
  const [wanted, setWanted] = useState(false);
  if (controls.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense
      fallback={<LoadingStatus className="fixed inset-0 z-50 bg-black/60 text-white" spinnerClassName="h-8 w-8" />}
    >
      <AuthDialogs {...controls} />
    </Suspense>
  );
}

export function Component() {
  return (
    <>
      <PublicLayout authDialogs={(controls) => <OnDemandAuthDialogs {...controls} />} />
      <SupportChatButton />
    </>
  );
}

/** A failure inside the public area (a chunk that did not load after a release, …) stays here. */
export function ErrorBoundary() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="grid min-h-dvh place-items-center bg-bg px-4 text-center text-fg">
      <div className="space-y-4">
        <p className="text-lg font-semibold">{t('somethingWentWrong')}</p>
        <Button onClick={() => window.location.reload()}>{t('actions.retry')}</Button>
      </div>
    </div>
  );
}
