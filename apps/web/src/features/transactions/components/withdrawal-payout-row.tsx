import type { TTransaction } from '@meridian/contracts/transactions';
import type { ReactNode } from 'react';
import { useWithdrawalPayout } from '../api/withdrawal-payout';
import { WithdrawalPayout } from './withdrawal-payout';

/**
 * The client's withdrawal details: the payout's transaction once staff recorded it, with "Paid,
 * confirming n/N" and a link to the block explorer (docs/money.md, "Withdrawals paid on chain").
 * Nothing while there is none, or when it cannot be read (the rest of the page stands).
 */
export function WithdrawalPayoutRow({
  tx,
  render,
}: {
  tx: TTransaction;
  /** Places the content in the page's own row. */
  render: (content: ReactNode) => ReactNode;
}) {
  const query = useWithdrawalPayout(tx.id);
  const payout = query.data?.payout;
  if (!payout) return null;
  return render(<WithdrawalPayout payout={payout} staff={false} />);
}
