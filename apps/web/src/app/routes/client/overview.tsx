import { Copy, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useFreshClient } from '@/api/client';
import { needsVerification } from '@/components/layouts/client-nav';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { AccountAlerts } from '@/features/wallet/components/account-alerts';
import { BalanceCard } from '@/features/wallet/components/balance-card';
import { RecentTransactions } from '@/features/wallet/components/recent-transactions';
import { copyText } from '@/lib/clipboard';
import { useSession } from '@/lib/session';

/**
 * /user, the Dashboard: the admin's alert banners, the KYC banner, the welcome line with the
 * referral code, the total balance with Add Funds and Withdraw, and the 5 most recent transactions.
 */
export function ClientOverviewPage() {
  const { t } = useTranslation('shell');
  const current = useSession();
  const userId = current?.user.id ?? '';
  // Banners and flags an admin may have changed since sign-in.
  useFreshClient(userId);
  if (!current) return null;
  const { user } = current;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <AccountAlerts user={user} />
      {needsVerification(user) && <KycBanner status={user.kycStatus} />}
      <section className="rounded-2xl border border-border bg-surface p-6">
        <h1 className="text-2xl font-semibold text-fg">{t('overview.welcome', { name: user.firstname })}</h1>
        <p className="mt-1 text-sm text-muted">{t('overview.subtitle')}</p>
        <ReferralCode code={user.referralCode} />
      </section>
      <BalanceCard userId={user.id} />
      <RecentTransactions userId={user.id} />
    </div>
  );
}

function KycBanner({ status }: { status: string }) {
  const { t } = useTranslation('shell');
  const underReview = status === 'pending';
  return (
    <Alert tone="warning" className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <ShieldCheck className="hidden h-5 w-5 shrink-0 sm:block" aria-hidden="true" />
      <p className="flex-1">{t(underReview ? 'kyc.bannerPending' : 'kyc.banner')}</p>
      <Link
        to={underReview ? '/user/kyc/status' : '/user/kyc/submit'}
        className="shrink-0 rounded-md font-semibold underline underline-offset-4 hover:no-underline"
      >
        {t(underReview ? 'kyc.viewStatus' : 'kyc.verifyNow')}
      </Link>
    </Alert>
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
