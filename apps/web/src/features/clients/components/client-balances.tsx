import type { TBalanceSummary } from '@meridian/contracts/balances';
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useBalance, useEquity } from '@/api/balance';
import { Card } from '@/components/ui/card';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import type { TMoneyDirection } from '@/lib/format';

const FIELDS = [
  ['balance', 'client.balances.balance'],
  ['profitBalance', 'client.balances.profit'],
  ['tradingBalance', 'client.balances.trading'],
  ['bonus', 'client.balances.bonus'],
  ['withdrawalHold', 'client.balances.hold'],
  ['withdrawable', 'client.balances.withdrawable'],
] as const satisfies readonly (readonly [keyof TBalanceSummary, string])[];

/**
 * The client's money, part by part (docs/money.md), with their equity on top (at the server's latest
 * prices, as the client's account header values it) and their realised profit.
 */
export function ClientBalances({ userId }: { userId: string }) {
  const { t } = useTranslation('clients');
  const format = useLocaleFormat();
  const balance = useBalance(userId);
  const equity = useEquity(userId);

  return (
    <Card title={t('client.balances.title')} icon={Wallet}>
      <QueryView
        query={balance}
        loading={
          <div role="status" aria-busy="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <span className="sr-only">{t('common:loading')}</span>
            {FIELDS.map(([field]) => (
              <Skeleton key={field} className="h-16 rounded-xl" />
            ))}
          </div>
        }
        errorTitle={t('client.balances.loadError')}
      >
        {(data) => (
          <>
            <div className="mb-4 rounded-xl bg-primary/10 px-4 py-3">
              <p className="text-xs font-medium uppercase tracking-wide text-muted">{t('client.balances.equity')}</p>
              <p className="mt-1 text-2xl font-semibold tabular-nums text-fg" data-testid="client-equity">
                {equity.data ? format.money(equity.data.equity) : '—'}
              </p>
              <p className="mt-1 text-xs text-muted">{t('client.balances.equityHint')}</p>
            </div>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="client-balances">
              {FIELDS.map(([field, labelKey]) => (
                <div key={field} className="rounded-xl border border-border px-3 py-2.5">
                  <dt className="text-xs text-muted">{t(labelKey)}</dt>
                  <dd className="mt-0.5 font-semibold tabular-nums text-fg" data-testid={`balance-${field}`}>
                    {format.money(data[field])}
                  </dd>
                </div>
              ))}
              <div className="rounded-xl border border-border px-3 py-2.5">
                <dt className="text-xs text-muted">{t('client.balances.realisedProfit')}</dt>
                <dd className="mt-0.5 font-semibold tabular-nums text-fg" data-testid="balance-realisedProfit">
                  {format.money(data.realisedProfit.total, signOf(data.realisedProfit.total))}
                </dd>
              </div>
            </dl>
          </>
        )}
      </QueryView>
    </Card>
  );
}

/** A result's sign, written out (+ or −), or none for zero. */
function signOf(amount: number): TMoneyDirection | undefined {
  return amount > 0 ? 'in' : amount < 0 ? 'out' : undefined;
}
