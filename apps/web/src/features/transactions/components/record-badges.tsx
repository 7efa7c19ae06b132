import type { TTransactionStatus } from '@meridian/contracts/transaction-terms';
import type { TTransaction } from '@meridian/contracts/transactions';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  CandlestickChart,
  Coins,
  type LucideIcon,
  PiggyBank,
  Radio,
  SlidersHorizontal,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, StatusBadge } from '@/components/ui/badge';

const TYPE_ICONS: Record<TTransaction['type'], LucideIcon> = {
  Deposit: ArrowDownToLine,
  Withdrawal: ArrowUpFromLine,
  Investment: PiggyBank,
  Adjustment: SlidersHorizontal,
  Payout: Coins,
  Position: CandlestickChart,
  Signal: Radio,
};

/** The record's type; an adjustment says which (Credit, Debit, Profit, Clear balance). */
export function TypeBadge({ record }: { record: Pick<TTransaction, 'type' | 'adjustmentKind'> }) {
  const { t } = useTranslation('transactions');
  const Icon = TYPE_ICONS[record.type];
  const label =
    record.type === 'Adjustment' && record.adjustmentKind
      ? t(`backoffice:adjustments.${record.adjustmentKind}`)
      : t(`backoffice:types.${record.type}`);
  return <Badge icon={<Icon className="h-3 w-3" aria-hidden="true" />}>{label}</Badge>;
}

/** A status in its colour and the reader's language. */
export function RecordStatus({ status }: { status: TTransactionStatus }) {
  const { t } = useTranslation('transactions');
  return <StatusBadge status={status} label={t(`backoffice:statuses.${status}`)} />;
}
