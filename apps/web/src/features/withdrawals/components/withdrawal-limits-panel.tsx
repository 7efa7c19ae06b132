import type { TWithdrawalLimits } from '@meridian/contracts/withdrawal-limits';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '@/hooks/use-locale-format';

/**
 * What the client's withdrawal limits allow now (docs/money.md, "Withdrawal limits"), before they
 * type: the most one request may ask for now (no more than they can withdraw), then the per-request
 * maximum and what is left of each rolling window. Nothing when no limit applies.
 */
export function WithdrawalLimitsPanel({
  limits,
  withdrawable,
}: {
  limits: TWithdrawalLimits;
  /** The withdrawable balance, once known. */
  withdrawable: number | undefined;
}) {
  const { t } = useTranslation('withdrawals');
  const { money } = useLocaleFormat();
  const titleId = useId();
  if (limits.upTo === null) return null;
  const now = withdrawable === undefined ? limits.upTo : Math.min(limits.upTo, withdrawable);
  const windows = [
    { key: 'day', label: t('limits.day'), window: limits.day },
    { key: 'month', label: t('limits.month'), window: limits.month },
  ] as const;
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-2 rounded-xl border border-border px-4 py-3 text-sm"
      data-testid="withdrawal-limits"
    >
      <p id={titleId} className="font-medium text-fg">
        {t('limits.upTo', { amount: money(now) })}
      </p>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-muted">
        {limits.perRequest !== null && (
          <div className="contents">
            <dt>{t('limits.perRequest')}</dt>
            <dd className="text-right tabular-nums text-fg">{money(limits.perRequest)}</dd>
          </div>
        )}
        {windows.map(({ key, label, window }) =>
          window.limit === null || window.left === null ? null : (
            <div key={key} className="contents">
              <dt>{label}</dt>
              <dd className="text-right tabular-nums text-fg">
                {t('limits.leftOf', { left: money(window.left), limit: money(window.limit) })}
              </dd>
            </div>
          ),
        )}
      </dl>
      <p className="text-xs text-muted">{limits.verified ? t('limits.verified') : t('limits.unverified')}</p>
    </section>
  );
}
