import type { TActivityEvent } from '@meridian/contracts/content';
import { Activity, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '@/lib/format';
import { usePublicActivity } from '../api/get-public-activity';

/** A new event every 7 s. */
const ACTIVITY_ROTATE_MS = 7000;

/** "A client from Germany" / "J." / "A client": who, as anonymised by the server. */
function useWho() {
  const { t, i18n } = useTranslation('home');
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    let regions: Intl.DisplayNames | undefined;
    try {
      regions = new Intl.DisplayNames([language, 'en'], { type: 'region' });
    } catch {
      regions = undefined;
    }
    return (event: TActivityEvent) => {
      const country = event.country ? regions?.of(event.country) : undefined;
      if (country) return t('activity.fromCountry', { country });
      if (event.initial) return t('activity.initial', { initial: event.initial });
      return t('activity.someone');
    };
  }, [t, language]);
}

/**
 * Real, anonymised recent platform events (docs/deviations.md), one at a time: never invented, and absent
 * when nothing happened lately. Bottom-left, so the support chat button keeps the right corner.
 */
export function ActivityPopup() {
  const { t, i18n } = useTranslation('home');
  const activity = usePublicActivity();
  const who = useWho();
  const [index, setIndex] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const events = activity.data?.events ?? [];

  useEffect(() => {
    if (events.length < 2 || dismissed) return;
    const timer = window.setInterval(() => setIndex((i) => i + 1), ACTIVITY_ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [events.length, dismissed]);

  const event = events[index % Math.max(events.length, 1)];
  if (dismissed || !event) return null;
  const amount = numberFormat(i18n.resolvedLanguage ?? 'en', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  }).format(event.amount);
  return (
    <aside
      aria-label={t('activity.label')}
      className="fixed bottom-4 left-4 z-30 hidden max-w-xs items-start gap-3 rounded-2xl border border-border bg-surface p-4 shadow-lg sm:flex"
      data-testid="activity-popup"
    >
      <Activity className="mt-0.5 h-5 w-5 shrink-0 text-success" aria-hidden="true" />
      <p className="text-sm text-fg" aria-live="polite">
        {t(`activity.kinds.${event.kind}`, { who: who(event), amount })}
        <span className="mt-1 block text-xs text-muted">
          {event.minutesAgo < 1 ? t('activity.justNow') : t('activity.minutesAgo', { minutes: event.minutesAgo })}
        </span>
      </p>
      <button
        type="button"
        onClick={() => setDismissed(true)}
        aria-label={t('activity.close')}
        className="-m-1 rounded-md p-1 text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </aside>
  );
}
