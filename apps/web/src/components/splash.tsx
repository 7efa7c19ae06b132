import { useTranslation } from 'react-i18next';
import { Logo } from './logo';

/**
 * The full-window loading splash: route /loader, the first page of a visit while its code arrives,
 * and an area's first page while the remembered session is restored and the area's frame loads.
 */
export function Splash() {
  const { t } = useTranslation();
  return (
    <div className="grid min-h-dvh place-items-center bg-bg" role="status" aria-live="polite" data-testid="splash">
      <div className="flex flex-col items-center gap-4">
        <Logo className="h-12 w-12 motion-safe:animate-pulse" />
        <p className="text-sm text-muted">{t('loading')}</p>
      </div>
    </div>
  );
}
