import type { TTransactionStatus } from '@meridian/contracts/transaction-terms';
import type { TTransaction } from '@meridian/contracts/transactions';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { methodName } from '../utils/transaction-display';

/** Words for a history row: its title, a line saying where the money went, and its status. */
export function useTransactionText() {
  // A closed position says why it closed in the positions' words (the client's history only).
  const { t } = useTranslation(['transactions', 'positions']);
  const title = useCallback(
    (tx: Pick<TTransaction, 'type' | 'adjustmentKind'>) =>
      tx.type === 'Adjustment' && tx.adjustmentKind ? t(`tx.adjustment.${tx.adjustmentKind}`) : t(`tx.type.${tx.type}`),
    [t],
  );
  const subtitle = useCallback(
    (tx: TTransaction): string | null => {
      if (tx.type === 'Adjustment') return tx.reason;
      // An investment and each payout it paid name their plan.
      if (tx.type === 'Investment' || tx.type === 'Payout') return tx.investmentPlan?.name ?? null;
      // A position or a signal trade names its pair; a closed position also why it closed.
      if (tx.type === 'Position' && tx.asset && tx.closeReason) {
        return `${tx.asset} · ${t(`positions:positions.closeReasons.${tx.closeReason}`)}`;
      }
      if (tx.type === 'Position' || tx.type === 'Signal') return tx.asset;
      const method = methodName(tx);
      if (!method) return null;
      return t(tx.type === 'Withdrawal' ? 'tx.to' : 'tx.via', { method });
    },
    [t],
  );
  const status = useCallback((value: TTransactionStatus) => t(`tx.status.${value}`), [t]);
  return useMemo(() => ({ title, subtitle, status }), [title, subtitle, status]);
}
