import { useTranslation } from 'react-i18next';
import { SuccessPanel } from '@/components/money/success-panel';
import { CopyButton } from '@/components/ui/copy-button';
import { Money } from '@/components/ui/money';

export interface InvestSuccessProps {
  title: string;
  body: string;
  /** Invest Via Deposit: where the client now sends the money, and how much. */
  payTo?: { methodName: string; address: string; amount: number } | undefined;
  onClose: () => void;
}

/** What an invest dialog shows once the server has accepted the investment, until it closes itself. */
export function InvestSuccess({ title, body, payTo, onClose }: InvestSuccessProps) {
  const { t } = useTranslation('investments');
  return (
    <SuccessPanel title={title} body={body} onClose={onClose} testId="invest-success">
      {payTo && (
        <div className="mt-5 w-full rounded-xl border border-border bg-surface-2/50 p-4 text-left text-sm">
          <p className="text-muted">
            {t('deposit.sendExactly')} <Money amount={payTo.amount} className="font-semibold text-fg" /> (
            {payTo.methodName})
          </p>
          <p className="mt-3 text-muted">{t('deposit.walletAddress')}</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code
              className="min-w-0 flex-1 break-all rounded-lg bg-surface px-3 py-2 font-mono text-xs text-fg"
              data-testid="invest-wallet-address"
            >
              {payTo.address}
            </code>
            <CopyButton copies="address" value={payTo.address} label={t('deposit.copyAddress')} iconOnly />
          </div>
        </div>
      )}
    </SuccessPanel>
  );
}
