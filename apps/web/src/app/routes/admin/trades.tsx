import { PayoutListPage } from '@/features/payouts/components/payout-pages';

/** /admin/trades: the Trade Log (payouts not yet paid or rejected). */
export function TradeLogPage() {
  return <PayoutListPage key="pending" list="pending" />;
}

/** /admin/trades/due: payouts due now, and Process All Trades. */
export function DueTradesPage() {
  return <PayoutListPage key="due" list="due" />;
}

/** /admin/trades/rejected: rejected payouts with their reasons. */
export function RejectedTradesPage() {
  return <PayoutListPage key="rejected" list="rejected" />;
}
