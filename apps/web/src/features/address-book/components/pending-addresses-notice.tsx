import type { TWithdrawalAddress } from '@meridian/contracts/address-book';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWithdrawalAddresses } from '@/api/withdrawal-addresses';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { useNow } from '@/hooks/use-now';

/**
 * The dashboard's word on new withdrawal addresses still waiting out their delay: each with the date
 * and time it becomes usable, and the way to the address book. Nothing while the book loads, when it
 * cannot be read (the address book says so), or when no address waits.
 */
export function PendingAddressesNotice({ userId }: { userId: string }) {
  const { t } = useTranslation('address-book');
  const format = useLocaleFormat();
  const book = useWithdrawalAddresses(userId);
  // An address becomes usable while the dashboard is open: it then leaves the notice.
  const now = useNow();
  const waiting = (book.data?.addresses ?? []).filter((a) => new Date(a.activeFrom).getTime() > now);
  if (waiting.length === 0) return null;
  return (
    <section
      aria-labelledby="pending-addresses-title"
      className="flex gap-3 rounded-2xl border border-warning/40 bg-warning-soft/50 p-4 text-sm text-fg sm:p-5"
      data-testid="pending-addresses-notice"
    >
      <Clock className="mt-0.5 h-5 w-5 shrink-0 text-warning" aria-hidden="true" />
      <div className="min-w-0 space-y-2">
        <h2 id="pending-addresses-title" className="font-semibold">
          {t('dashboard.title')}
        </h2>
        <ul className="space-y-1">
          {waiting.map((address) => (
            <li key={address.id} className="break-words">
              {t('dashboard.item', {
                address: nameOf(address),
                method: address.methodName,
                date: format.dateTime(address.activeFrom),
              })}
            </li>
          ))}
        </ul>
        <Link
          to="/user/withdrawal-addresses"
          className="inline-block font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('dashboard.manage')}
        </Link>
      </div>
    </section>
  );
}

/** An address by its label, or by its first and last characters (the whole one is in the address book). */
function nameOf(address: TWithdrawalAddress): string {
  if (address.label) return address.label;
  const value = address.address;
  return value.length > 16 ? `${value.slice(0, 6)}…${value.slice(-6)}` : value;
}
