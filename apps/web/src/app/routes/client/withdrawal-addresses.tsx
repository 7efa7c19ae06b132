import { AddressBookPage } from '@/features/address-book/components/address-book-page';
import { useSession } from '@/lib/session';

/** /user/withdrawal-addresses: the withdrawal address book. */
export function WithdrawalAddressesPage() {
  const current = useSession();
  if (!current) return null;
  return <AddressBookPage userId={current.user.id} />;
}

export { WithdrawalAddressesPage as Component };
