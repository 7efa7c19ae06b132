import type { TSession, TSessionDevice } from '@meridian/contracts/sessions';
import { type LucideIcon, Monitor, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { useLocaleFormat } from '@/hooks/use-locale-format';

const DEVICE_ICONS: Record<TSessionDevice, LucideIcon> = {
  desktop: Monitor,
  mobile: Smartphone,
  tablet: Tablet,
  unknown: MonitorSmartphone,
};

/** "Chrome 126 on Windows", or what is known of it. */
export function useSessionName(): (session: TSession) => string {
  const { t } = useTranslation('sessions');
  return (session) => {
    if (session.browser && session.os) return t('browserOnOs', { browser: session.browser, os: session.os });
    return session.browser || session.os || t('unknownBrowser');
  };
}

/** How the sign-in was proven, with its second factor when one was given. */
function useMethodText(): (session: TSession) => string {
  const { t } = useTranslation('sessions');
  return (session) => {
    if (session.secondFactor === 'totp') return t('methods.passwordTotp');
    if (session.secondFactor === 'recovery-code') return t('methods.passwordRecoveryCode');
    return t(`methods.${session.method}`);
  };
}

/**
 * One signed-in session: the device's icon and kind, browser and system, "This device" for the
 * reader's own, then address, method, first sign-in and last use, and the raw user agent on demand.
 */
export function SessionItem({ session, action }: { session: TSession; action?: ReactNode }) {
  const { t } = useTranslation('sessions');
  const format = useLocaleFormat();
  const name = useSessionName();
  const method = useMethodText();
  const Icon = DEVICE_ICONS[session.device];
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface-2/40 p-4 sm:flex-row sm:items-start"
      data-testid="session-item"
      data-current={session.current ? 'true' : undefined}
    >
      <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-surface-2 text-primary">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium text-fg">{name(session)}</h3>
          {session.current && <Badge tone="info">{t('thisDevice')}</Badge>}
        </div>
        <p className="text-sm text-muted">{t(`devices.${session.device}`)}</p>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <Fact label={t('ip')}>
            <span className="font-mono">{session.ip || t('unknown')}</span>
          </Fact>
          <Fact label={t('method')}>{method(session)}</Fact>
          <Fact label={t('signedIn')}>{format.dateTime(session.createdAt)}</Fact>
          <Fact label={t('lastUsed')}>{format.dateTime(session.lastUsedAt)}</Fact>
        </dl>
        {session.userAgent && (
          <details className="mt-2 text-xs text-muted">
            <summary className="cursor-pointer rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40">
              {t('userAgent')}
            </summary>
            <p className="mt-1 break-all font-mono">{session.userAgent}</p>
          </details>
        )}
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </li>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap gap-x-1.5">
      <dt className="text-muted">{label}:</dt>
      <dd className="min-w-0 text-fg">{children}</dd>
    </div>
  );
}
