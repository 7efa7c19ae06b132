import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { NumberedSteps } from '@/components/ui/numbered-steps';
import { AddFundsButton } from '@/features/balances/components/add-funds-button';

const STEPS = ['step1', 'step2', 'step3', 'step4'] as const;

/**
 * Dashboard: the deposit-guide card. Learn more opens a short guide to a crypto deposit (choose a
 * method, copy its address, send the exact asset, declare the amount) with the way to Add Funds.
 */
export function DepositGuideCard() {
  const { t } = useTranslation('shell');
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
        title={t('overview.depositGuide.dialogTitle')}
        description={t('overview.depositGuide.dialogLead')}
        className="max-w-lg"
      >
        <NumberedSteps className="space-y-3 text-fg" steps={STEPS.map((step) => t(`overview.depositGuide.${step}`))} />
        <p className="mt-4 rounded-lg border border-border bg-surface-2/50 px-4 py-3 text-sm text-muted">
          {t('overview.depositGuide.timing')}
        </p>
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('common:actions.close')}
          </Button>
          <AddFundsButton>{t('overview.depositGuide.addFunds')}</AddFundsButton>
        </div>
      </Dialog>
    </section>
  );
}
