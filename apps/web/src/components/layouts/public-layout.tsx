import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import type { TAuthDialog } from './public-auth-actions';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

export type { TAuthDialog } from './public-auth-actions';

export interface TAuthDialogControls {
  /** The modal form that is open, if any. */
  open: TAuthDialog | null;
  show: (dialog: TAuthDialog) => void;
  close: () => void;
}

/**
 * The public site's frame: header, page, footer. The sign-in and sign-up modals come from the app
 * layer (`authDialogs`), so this shared layout does not depend on a feature.
 */
export function PublicLayout({ authDialogs }: { authDialogs: (controls: TAuthDialogControls) => ReactNode }) {
  const { t } = useTranslation('public');
  const [open, setOpen] = useState<TAuthDialog | null>(null);
  return (
    <div className="flex min-h-dvh flex-col bg-bg text-fg">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-fg"
      >
        {t('skipToContent')}
      </a>
      <PublicHeader onOpenDialog={setOpen} />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <PublicFooter />
      {authDialogs({ open, show: setOpen, close: () => setOpen(null) })}
    </div>
  );
}
