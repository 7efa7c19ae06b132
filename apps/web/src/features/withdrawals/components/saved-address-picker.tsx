import type { TWithdrawalAddressList } from '@meridian/contracts/address-book';
import type { TWithdrawalMethod } from '@meridian/contracts/methods';
import type { TWithdrawalInput } from '@meridian/contracts/transactions';
import type { UseQueryResult } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AddressField } from '@/components/money/address-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { useLocaleFormat } from '@/hooks/use-locale-format';

/** The select's value for "Another address…" (one-off addresses allowed). */
const ONE_OFF = '__one-off__';

/** Whether the form can be sent: an active saved address of the method, or one-off addresses allowed. */
export function canSend(book: TWithdrawalAddressList | undefined, methodId: string): boolean {
  if (!book) return false;
  return book.oneOffAllowed || book.addresses.some((a) => a.methodId === methodId && a.state === 'active');
}

/**
 * Where the withdrawal goes (docs/security.md, "Withdrawal address book"): one of the client's
 * active saved addresses of the method, picked from a list; the pending ones are shown as not usable
 * yet. When the operator allows one-off addresses, an address can also be typed.
 */
export function SavedAddressPicker<TOut>({
  form,
  method,
  book,
  error,
}: {
  form: UseFormReturn<TWithdrawalInput, unknown, TOut>;
  method: TWithdrawalMethod;
  book: UseQueryResult<TWithdrawalAddressList>;
  error: string | undefined;
}) {
  const { t } = useTranslation(['address-book', 'withdrawals', 'common']);
  const format = useLocaleFormat();
  const typed = form.getValues('address');
  const saved = (book.data?.addresses ?? []).filter((a) => a.methodId === method.id);
  const active = saved.filter((a) => a.state === 'active');
  const pending = saved.filter((a) => a.state === 'pending');
  const oneOffAllowed = book.data?.oneOffAllowed ?? false;
  const [choice, setChoice] = useState(() =>
    active.some((a) => a.address === typed) || !typed ? typed : oneOffAllowed ? ONE_OFF : '',
  );

  if (book.isPending) {
    return (
      <div role="status" aria-busy="true" className="space-y-2">
        <span className="sr-only">{t('book.loading')}</span>
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (book.isError) {
    return (
      <Alert tone="danger">
        <span className="flex flex-wrap items-center justify-between gap-2">
          {t('pick.loadError')}
          <Button variant="outline" size="sm" onClick={() => void book.refetch()} loading={book.isFetching}>
            {t('common:actions.retry')}
          </Button>
        </span>
      </Alert>
    );
  }

  const typing = active.length === 0 ? oneOffAllowed : choice === ONE_OFF;
  const manage = (
    <Link
      to="/user/withdrawal-addresses"
      className="text-sm font-medium text-primary underline-offset-4 hover:underline"
      data-testid="manage-addresses"
    >
      {t('pick.add')}
    </Link>
  );

  return (
    <div className="space-y-3">
      {active.length > 0 && (
        <SelectField
          label={t('pick.label')}
          value={choice}
          error={typing ? undefined : error}
          data-testid="withdrawal-saved-address"
          onChange={(event) => {
            const next = event.target.value;
            setChoice(next);
            form.setValue('address', next === ONE_OFF ? '' : next, {
              shouldValidate: next !== ONE_OFF,
              shouldDirty: true,
            });
          }}
        >
          <option value="" disabled>
            {t('pick.placeholder')}
          </option>
          {active.map((a) => (
            <option key={a.id} value={a.address}>
              {a.label ? `${a.label}: ${a.address}` : a.address}
            </option>
          ))}
          {oneOffAllowed && <option value={ONE_OFF}>{t('pick.oneOff')}</option>}
        </SelectField>
      )}
      {active.length === 0 && !oneOffAllowed && <Alert tone="warning">{t('pick.none', { method: method.name })}</Alert>}
      {typing && (
        <AddressField
          label={t('withdrawals:withdrawal.address')}
          method={method}
          error={error}
          data-testid="withdrawal-address"
          {...form.register('address')}
        />
      )}
      {pending.length > 0 && (
        <div
          className="rounded-xl border border-border bg-surface-2/50 px-4 py-3 text-sm"
          data-testid="pending-addresses"
        >
          <p className="mb-1 flex items-center gap-1.5 font-medium text-fg">
            <Clock className="h-4 w-4 text-warning" aria-hidden="true" />
            {t('pick.pendingTitle')}
          </p>
          <ul className="space-y-1 text-muted">
            {pending.map((a) => (
              <li key={a.id} className="break-all">
                {t('pick.pendingItem', {
                  address: a.label || a.address,
                  date: format.dateTime(a.activeFrom),
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {manage}
    </div>
  );
}
