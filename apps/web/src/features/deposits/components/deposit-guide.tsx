import { useTranslation } from 'react-i18next';
import { NumberedSteps } from '@/components/ui/numbered-steps';

const STEPS = ['step1', 'step2', 'step3', 'step4'] as const;

/**
 * How a crypto deposit goes, in four steps, and how long confirmation takes: one text for the
 * dashboard's Learn more dialog and the /user/deposit-process page.
 */
export function DepositGuideSteps() {
  const { t } = useTranslation('deposits');
  return (
    <div data-testid="deposit-guide-steps">
      <NumberedSteps className="space-y-3 text-fg" steps={STEPS.map((step) => t(`guide.${step}`))} />
      <p className="mt-4 rounded-lg border border-border bg-surface-2/50 px-4 py-3 text-sm text-muted">
        {t('guide.timing')}
      </p>
    </div>
  );
}
