import type { TPayoutTx } from '@meridian/contracts/chain-payouts';
import { ExternalLink, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/ui/copy-button';
import { cn } from '@/lib/cn';

/** 0x1234ab…89abcdef: both ends stay visible, so it can be matched with a wallet's list. */
function shortHash(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash;
}

/**
 * A withdrawal's payout on chain (docs/money.md, "Withdrawals paid on chain"): where it stands
 * ("Paid, confirming n/N", awaiting a second approval, confirmed, failed) and its transaction, a link
 * to the method's block explorer when one is configured, else the hash with a copy button. Staff see
 * what is wrong with it; a client is told the desk is checking.
 */
export function WithdrawalPayout({ payout, staff }: { payout: TPayoutTx; staff: boolean }) {
  const { t } = useTranslation('transactions');
  const problem = payout.problem && (staff || payout.status === 'confirming' || payout.status === 'failed');
  return (
    <span className="flex flex-col gap-1.5 sm:items-end" data-testid="payout-tx">
      <span
        className={cn(
          'font-medium',
          payout.status === 'completed' && 'text-success',
          payout.status === 'failed' && 'text-danger',
          (payout.status === 'confirming' || payout.status === 'approval') && 'text-warning',
        )}
        data-testid="payout-tx-status"
      >
        {t(`chainPayout.status.${payout.status}`, {
          count: payout.confirmations,
          total: payout.requiredConfirmations,
        })}
      </span>
      {problem && payout.problem && (
        <span className="inline-flex items-start gap-1.5 text-xs text-danger" data-testid="payout-tx-problem">
          <TriangleAlert className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          {staff ? t(`chainPayout.problem.${payout.problem}`) : t('chainPayout.clientChecking')}
        </span>
      )}
      <PayoutHash txHash={payout.txHash} href={payout.explorerUrl} />
    </span>
  );
}

function PayoutHash({ txHash, href }: { txHash: string; href: string | null }) {
  const { t } = useTranslation('transactions');
  if (href) {
    return (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-w-0 items-center gap-1 font-mono text-xs text-primary hover:underline"
        title={txHash}
        data-testid="payout-tx-link"
      >
        {/* The visible short hash starts the link's name, the full one follows for screen readers. */}
        <span className="truncate">{shortHash(txHash)}</span>
        <span className="sr-only"> {t('chainPayout.viewOnExplorer', { hash: txHash })}</span>
        <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      </a>
    );
  }
  return (
    <span className="inline-flex min-w-0 items-center gap-1">
      <code className="truncate font-mono text-xs text-fg" title={txHash} data-testid="payout-tx-hash-text">
        {shortHash(txHash)}
      </code>
      <CopyButton value={txHash} label={t('chainPayout.copyHash')} iconOnly variant="ghost" />
    </span>
  );
}
