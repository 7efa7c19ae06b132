import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Button } from '@/components/ui/button';
import { SupportChatButton } from '@/features/support/components/support-chat-button';
import { AuthDialogs } from './auth-dialogs';

export function Component() {
  return (
    <>
      <PublicLayout authDialogs={(controls) => <AuthDialogs {...controls} />} />
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
        <p className="text-lg font-semibold">{t('errors:somethingWentWrong')}</p>
        <Button onClick={() => window.location.reload()}>{t('actions.retry')}</Button>
      </div>
    </div>
  );
}
