import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { AddFundsButton } from '@/features/balances/components/add-funds-button';
import { DepositGuideSteps } from '@/features/deposits/components/deposit-guide';

/**
 * Dashboard: the deposit-guide card. Learn more opens a short guide to a crypto deposit (choose a
 * method, copy its address, send the exact asset, declare the amount), the same steps as the
 * /user/deposit-process page it links to, with the way to Add Funds.
 */
export function DepositGuideCard() {
  const { t } = useTranslation(['shell', 'deposits']);
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="deposit-guide-title"
      className="flex flex-col rounded-2xl border border-border bg-surface p-6"
      data-testid="deposit-guide"
    >
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-primary/10">
          <BookOpen className="h-5 w-5 text-primary" />
        </span>
        <div className="min-w-0">
          <h2 id="deposit-guide-title" className="font-semibold text-fg">
            {t('overview.depositGuide.title')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('overview.depositGuide.body')}</p>
        </div>
      </div>
      <div className="mt-auto pt-5">
        <Button variant="outline" onClick={() => setOpen(true)}>
          {t('overview.depositGuide.learnMore')}
        </Button>
      </div>

      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('deposits:guide.title')}
        description={t('deposits:guide.lead')}
        className="max-w-lg"
      >
        <DepositGuideSteps />
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
          <Link
            to="/user/deposit-process"
            className="rounded-md text-center text-sm font-medium text-primary underline-offset-4 hover:underline sm:mr-auto"
          >
            {t('overview.depositGuide.fullGuide')}
          </Link>
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('common:actions.close')}
          </Button>
          <AddFundsButton>{t('deposits:guide.addFunds')}</AddFundsButton>
        </div>
      </Dialog>
    </section>
  );
}
