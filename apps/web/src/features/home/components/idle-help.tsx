import { LifeBuoy, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The help prompt appears after two idle minutes. */
export const IDLE_HELP_MS = 120_000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'touchstart'] as const;

/** After 2 minutes without input, offer help once; dismissed, it stays away for the visit. */
export function IdleHelp() {
  const { t } = useTranslation('home');
  const [shown, setShown] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (shown || dismissed) return;
    let timer = window.setTimeout(() => setShown(true), IDLE_HELP_MS);
    const reset = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setShown(true), IDLE_HELP_MS);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, reset, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, reset);
    };
  }, [shown, dismissed]);

  if (!shown || dismissed) return null;
  return (
    <aside
      role="status"
      aria-label={t('idle.label')}
      className="fixed inset-x-4 bottom-20 z-40 mx-auto max-w-sm rounded-2xl border border-border bg-surface p-5 shadow-xl sm:left-auto sm:right-6"
      data-testid="idle-help"
    >
      <div className="flex items-start gap-3">
        <LifeBuoy className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="space-y-2 text-sm">
          <p className="font-semibold text-fg">{t('idle.title')}</p>
          <p className="text-muted">{t('idle.body')}</p>
          <p className="flex flex-wrap gap-x-4 gap-y-1">
            <Link to="/signup-process" className="font-semibold text-primary hover:underline">
              {t('idle.howToRegister')}
            </Link>
            <Link to="/support" className="font-semibold text-primary hover:underline">
              {t('idle.contact')}
            </Link>
          </p>
        </div>
        <button
          type="button"
          onClick={() => setDismissed(true)}
          aria-label={t('idle.close')}
          className="-m-1 rounded-md p-1 text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </aside>
  );
}
