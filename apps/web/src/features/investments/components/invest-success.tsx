import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Money } from '@/components/ui/money';

export interface InvestSuccessProps {
  title: string;
  body: string;
  /** Invest Via Deposit: where the client now sends the money, and how much. */
  payTo?: { methodName: string; address: string; amount: number };
  onClose: () => void;
}

/** What an invest dialog shows once the server has accepted the investment, until it closes itself. */
export function InvestSuccess({ title, body, payTo, onClose }: InvestSuccessProps) {
  const { t } = useTranslation(['investments', 'common']);
  const panel = useRef<HTMLDivElement>(null);
  // The form that had focus is gone: keep keyboard users inside the dialog, on its first action.
  useEffect(() => panel.current?.querySelector('button')?.focus(), []);
  return (
    <div ref={panel} className="flex flex-col items-center py-2 text-center" data-testid="invest-success">
      <div role="status" className="flex flex-col items-center">
        <span className="mb-3 grid h-14 w-14 place-items-center rounded-full bg-success-soft text-success">
          <CircleCheck className="h-8 w-8" aria-hidden="true" />
        </span>
        <p className="text-lg font-semibold text-fg">{title}</p>
        <p className="mt-1 max-w-sm text-sm text-muted">{body}</p>
      </div>
      {payTo && (
        <div className="mt-5 w-full rounded-xl border border-border bg-surface-2/50 p-4 text-left text-sm">
          <p className="text-muted">
            {t('investments:deposit.sendExactly')} <Money amount={payTo.amount} className="font-semibold text-fg" /> (
            {payTo.methodName})
          </p>
          <p className="mt-3 text-muted">{t('investments:deposit.walletAddress')}</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code
              className="min-w-0 flex-1 break-all rounded-lg bg-surface px-3 py-2 font-mono text-xs text-fg"
              data-testid="invest-wallet-address"
            >
              {payTo.address}
            </code>
            <CopyButton value={payTo.address} label={t('investments:deposit.copyAddress')} iconOnly />
          </div>
        </div>
      )}
      <Button variant="outline" className="mt-6" onClick={onClose}>
        {t('common:actions.close')}
      </Button>
    </div>
  );
}
