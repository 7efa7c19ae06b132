import { ArrowDownToLine, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFreshClient } from '@/api/client';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { WhenVisible } from '@/components/when-visible';
import { PendingAddressesNotice } from '@/features/address-book/components/pending-addresses-notice';
import { AddFundsButton } from '@/features/balances/components/add-funds-button';
import { AccountAlerts } from '@/features/clients/components/account-alerts';
import { usePendingUpgrade } from '@/features/investments/api/get-my-upgrade';
import { KycStatusBanner } from '@/features/kyc/components/kyc-status-banner';
import { RecentTransactions } from '@/features/transactions/components/recent-transactions';
import { copyText } from '@/lib/clipboard';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { DashboardMarket, DashboardWatchlist } from './dashboard-market';
import { DashboardOpenPosition, DashboardPositions } from './dashboard-trading';
import { DepositGuideCard } from './deposit-guide-card';
import { LiveAccountHeader } from './live-account-header';

/**
 * Mount as soon as an edge scrolls into view. A wider margin would mount the chart on a phone's
 * first paint: it starts barely a screen down (measured at 412 × 823, the Lighthouse phone).
 */
const NEAR_SCREEN = '0px';

/**
 * /user, the Dashboard: the admin's alert banners (and the plan upgrade one while the client's request
 * waits), the KYC banner (the missing verification step, until
 * the account is verified), the welcome line with the referral code, new withdrawal addresses with
 * when each becomes usable, the account header (equity at live prices, its parts, realised profit and
 * withdrawable) with Add Funds and Withdraw beside the deposit guide, the live BTC/USD chart beside
 * Open New Position, their watchlist of pairs, and their latest positions beside the 5 most recent
 * transactions.
 */
export function ClientOverviewPage() {
  const { t } = useTranslation('shell');
  const current = useSession();
  const userId = current?.user.id ?? '';
  // Banners and flags an admin may have changed since sign-in.
  useFreshClient(userId);
  // Only a client with a plan can ask to move to another one.
  const pendingUpgrade = usePendingUpgrade(userId, current?.user.plan != null);
  if (!current) return null;
  const { user } = current;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <AccountAlerts user={user} pendingUpgrade={pendingUpgrade?.requestedPlan.name ?? null} />
      <KycStatusBanner account={user} />
      <section className="rounded-2xl border border-border bg-surface p-6">
        <h1 className="text-2xl font-semibold text-fg">{t('overview.welcome', { name: user.firstname })}</h1>
        <p className="mt-1 text-sm text-muted">{t('overview.subtitle')}</p>
        <ReferralCode code={user.referralCode} />
      </section>
      <PendingAddressesNotice userId={user.id} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <LiveAccountHeader userId={user.id} actions={<AccountActions />} />
        <DepositGuideCard />
      </div>
      {/* The chart mounts as it comes into view: on a phone it is below the fold, and its code, candles
          and re-rendering with every price would hold up the first paint. (The order form and the
          positions stay mounted: they are the dashboard's controls, reached without scrolling on a
          desktop.) */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <WhenVisible minHeight="26rem" margin={NEAR_SCREEN} className="min-w-0">
          <DashboardMarket />
        </WhenVisible>
        <DashboardOpenPosition userId={user.id} />
      </div>
      <DashboardWatchlist />
      <div className="grid gap-6 lg:grid-cols-2">
        <DashboardPositions userId={user.id} />
        <RecentTransactions userId={user.id} />
      </div>
    </div>
  );
}

/** The account header's Add Funds and Withdraw. */
function AccountActions() {
  const { t } = useTranslation('balances');
  return (
    <>
      <AddFundsButton>{t('dashboard.addFunds')}</AddFundsButton>
      <ButtonLink variant="outline" to="/user/withdrawalmethod">
        <ArrowDownToLine className="h-4 w-4" aria-hidden="true" />
        {t('dashboard.withdraw')}
      </ButtonLink>
    </>
  );
}

function ReferralCode({ code }: { code: string }) {
  const { t } = useTranslation(['shell', 'common']);
  const copy = async () => {
    if (await copyText(code)) toast.success(t('shell:overview.referralCopied'));
    else toast.error(t('shell:overview.copyFailed'));
  };
  return (
    <div className="mt-5 flex flex-wrap items-center gap-3">
      <span className="text-sm text-muted">{t('shell:overview.referralCode')}</span>
      <code className="rounded-lg bg-surface-2 px-3 py-1.5 font-mono text-sm font-semibold tracking-wider text-fg">
        {code}
      </code>
      <Button variant="outline" size="sm" onClick={copy} aria-label={t('shell:overview.copyReferral')}>
        <Copy className="h-4 w-4" aria-hidden="true" />
        {t('common:actions.copy')}
      </Button>
    </div>
  );
}

export { ClientOverviewPage as Component };
