import { useTranslation } from 'react-i18next';
import { Logo } from './logo';

/** The loading splash (route /loader, and while a remembered session is restored). */
export function Splash() {
  const { t } = useTranslation();
  return (
    <div className="grid min-h-dvh place-items-center bg-bg" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-4">
        <Logo className="h-12 w-12 motion-safe:animate-pulse" />
        <p className="text-sm text-muted">{t('loading')}</p>
      </div>
    </div>
  );
}
