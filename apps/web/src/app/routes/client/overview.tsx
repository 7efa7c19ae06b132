import { Copy, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { needsVerification } from '@/components/layouts/client-nav';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';

/** /user (spec 01 §2 Dashboard): for now the KYC banner, the welcome line and the referral code. */
export function ClientOverviewPage() {
  const { t } = useTranslation('shell');
  const current = useSession();
  if (!current) return null;
  const { user } = current;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {needsVerification(user) && <KycBanner status={user.kycStatus} />}
      <section className="rounded-2xl border border-border bg-surface p-6">
        <h1 className="text-2xl font-semibold text-fg">{t('overview.welcome', { name: user.firstname })}</h1>
        <p className="mt-1 text-sm text-muted">{t('overview.subtitle')}</p>
        <ReferralCode code={user.referralCode} />
      </section>
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

/** The Clipboard API, or the older copy command where it is unavailable (plain http). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

export { ClientOverviewPage as Component };
