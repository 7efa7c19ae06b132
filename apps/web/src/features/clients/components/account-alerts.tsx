import type { TUser } from '@meridian/contracts/auth';
import type { TAlertKind } from '@meridian/contracts/client-actions';
import { type LucideIcon, ShieldAlert, Sparkles, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';

/** Each banner's switch and text, named after its kind. */
type TAlertUser = Pick<TUser, `${TAlertKind}Alert` | `${TAlertKind}AlertMessage`>;

/**
 * The dashboard banners an admin switches on per client; their words come from the admin. The plan
 * upgrade banner also shows while the client's own upgrade request waits (`pendingUpgrade`, the
 * requested plan's name).
 */
export function AccountAlerts({ user, pendingUpgrade = null }: { user: TAlertUser; pendingUpgrade?: string | null }) {
  const { t } = useTranslation(['clients', 'investments']);
  return (
    <>
      {user.securityAlert && (
        <Banner tone="danger" icon={ShieldAlert} title={t('accountAlerts.security')} testId="alert-security">
          {user.securityAlertMessage || t('accountAlerts.securityDefault')}
        </Banner>
      )}
      {user.maintenanceAlert && (
        <Banner tone="warning" icon={Wrench} title={t('accountAlerts.maintenance')} testId="alert-maintenance">
          {user.maintenanceAlertMessage || t('accountAlerts.maintenanceDefault')}
        </Banner>
      )}
      {(user.planUpgradeAlert || pendingUpgrade) && (
        <Banner
          tone="info"
          icon={Sparkles}
          title={t('accountAlerts.planUpgrade')}
          testId="alert-plan-upgrade"
          action={
            <Link
              to="/user/investmentplan"
              className="shrink-0 rounded-md font-semibold underline underline-offset-4 hover:no-underline"
            >
              {t('accountAlerts.viewPlans')}
            </Link>
          }
        >
          {user.planUpgradeAlert && (user.planUpgradeAlertMessage || t('accountAlerts.planUpgradeDefault'))}
          {pendingUpgrade && (
            <span className={user.planUpgradeAlert ? 'mt-1 block' : undefined} data-testid="upgrade-pending">
              {t('investments:upgradePending', { plan: pendingUpgrade })}
            </span>
          )}
        </Banner>
      )}
    </>
  );
}

function Banner({
  tone,
  icon: Icon,
  title,
  action,
  testId,
  children,
}: {
  tone: 'danger' | 'warning' | 'info';
  icon: LucideIcon;
  title: string;
  action?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div data-testid={testId}>
      <Alert tone={tone} className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Icon className="hidden h-5 w-5 shrink-0 sm:block" aria-hidden="true" />
        <p className="flex-1">
          <strong className="font-semibold">{title}: </strong>
          <span className="whitespace-pre-line">{children}</span>
        </p>
        {action}
      </Alert>
    </div>
  );
}
