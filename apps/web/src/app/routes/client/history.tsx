import { StatementButton } from '@/features/statements/components/statement-button';
import type { THistoryKind } from '@/features/transactions/api/get-history';
import { HistoryView } from '@/features/transactions/components/history-view';
import { useSession } from '@/lib/session';

/** Activity History and its tabs: /user/transactions, /user/deposits, /user/withdrawals, /user/investments. */
export function HistoryPage({ kind }: { kind: THistoryKind }) {
  const current = useSession();
  if (!current) return null;
  return <HistoryView key={kind} userId={current.user.id} kind={kind} actions={<StatementButton />} />;
}

export const AllActivityPage = () => <HistoryPage kind="all" />;
export const DepositsPage = () => <HistoryPage kind="deposits" />;
export const WithdrawalsPage = () => <HistoryPage kind="withdrawals" />;
export const InvestmentsPage = () => <HistoryPage kind="investments" />;
