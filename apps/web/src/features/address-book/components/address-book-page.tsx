import { zodResolver } from '@hookform/resolvers/zod';
import type {
  TWithdrawalAddress,
  TWithdrawalAddressInput,
  TWithdrawalAddressList,
} from '@meridian/contracts/address-book';
import type { TLanguage } from '@meridian/contracts/constants';
import type { TWithdrawalMethod } from '@meridian/contracts/methods';
import { BookUser, CheckCircle2, Clock, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useWithdrawalAddresses } from '@/api/withdrawal-addresses';
import { useWithdrawalMethods } from '@/api/withdrawal-methods';
import { AddressField } from '@/components/money/address-field';
import { BackLink } from '@/components/money/back-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField, TextField } from '@/components/ui/field';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { useMessageText } from '@/hooks/use-message-text';
import { useNow } from '@/hooks/use-now';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { toast } from '@/lib/toast';
import { useAddWithdrawalAddress } from '../api/add-withdrawal-address';
import { useRemoveWithdrawalAddress } from '../api/remove-withdrawal-address';
import { addressFormSchema } from '../utils/address-schema';

/**
 * /user/withdrawal-addresses: the client's withdrawal address book (docs/security.md). The saved
 * addresses by method, each active or usable from a date; a form to add one (pending for the
 * operator's delay, the client is emailed at once); removing asks first and is immediate.
 */
export function AddressBookPage({ userId }: { userId: string }) {
  const { t } = useTranslation(['address-book', 'withdrawals']);
  const book = useWithdrawalAddresses(userId);
  const methods = useWithdrawalMethods();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <BackLink to="/user/withdrawalmethod">{t('withdrawals:withdrawal.back')}</BackLink>
      <header className="space-y-2">
        <h1 className="flex items-center gap-2 text-2xl font-semibold text-fg">
          <BookUser className="h-6 w-6 text-primary" aria-hidden="true" />
          {t('book.title')}
        </h1>
        {book.data && <BookRules book={book.data} />}
      </header>

      <section aria-labelledby="address-add-title" className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
        <h2 id="address-add-title" className="mb-4 text-lg font-semibold text-fg">
          {t('book.addTitle')}
        </h2>
        {methods.isPending ? (
          <div role="status" aria-busy="true" className="space-y-3">
            <span className="sr-only">{t('book.loading')}</span>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : methods.isError ? (
          <ErrorState
            title={t('book.methodsError')}
            onRetry={() => void methods.refetch()}
            retrying={methods.isFetching}
          />
        ) : methods.data.length === 0 ? (
          <p className="text-sm text-muted">{t('book.noMethods')}</p>
        ) : (
          <AddAddressForm userId={userId} methods={methods.data} delayHours={book.data?.delayHours} />
        )}
      </section>

      <section aria-labelledby="address-list-title" className="space-y-3">
        <h2 id="address-list-title" className="text-lg font-semibold text-fg">
          {t('book.listTitle')}
        </h2>
        <QueryView
          query={book}
          loading={
            <div role="status" aria-busy="true" className="space-y-3" data-testid="loading">
              <span className="sr-only">{t('book.loading')}</span>
              <Skeleton className="h-20 w-full rounded-2xl" />
              <Skeleton className="h-20 w-full rounded-2xl" />
            </div>
          }
          errorTitle={t('book.error')}
          isEmpty={(data) => data.addresses.length === 0}
          empty={<EmptyState icon={BookUser} title={t('book.empty')} description={t('book.emptyHint')} />}
        >
          {(data) => <AddressList userId={userId} addresses={data.addresses} />}
        </QueryView>
      </section>
    </div>
  );
}

function BookRules({ book }: { book: TWithdrawalAddressList }) {
  const { t } = useTranslation('address-book');
  return (
    <>
      <p className="text-sm text-muted">
        {book.delayHours > 0 ? t('book.intro', { hours: book.delayHours }) : t('book.introNoDelay')}
      </p>
      {book.oneOffAllowed && <p className="text-sm text-muted">{t('book.oneOffNote')}</p>}
    </>
  );
}

type TAddressForm = z.output<ReturnType<typeof addressFormSchema>>;

interface AddAddressFormProps {
  userId: string;
  methods: TWithdrawalMethod[];
  /** The operator's delay, once the book has loaded. */
  delayHours: number | undefined;
}

function AddAddressForm({ userId, methods, delayHours }: AddAddressFormProps) {
  const { t, i18n } = useTranslation(['address-book', 'withdrawals']);
  const text = useMessageText();
  const errorText = useApiErrorText();
  const format = useLocaleFormat();
  const add = useAddWithdrawalAddress(userId);
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => addressFormSchema((id) => methods.find((m) => m.id === id)?.name), [methods]);
  const form = useForm<TWithdrawalAddressInput, unknown, TAddressForm>({
    resolver: zodResolver(schema),
    defaultValues: { methodId: methods.length === 1 ? methods[0]?.id : '', address: '', label: '' },
  });
  const placeFieldErrors = useServerFieldErrors(form.setError, ['methodId', 'address', 'label'] as const);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = form;
  const chosen = methods.find((m) => m.id === watch('methodId'));
  const noticeId = useId();

  const onSubmit = async (values: TAddressForm) => {
    setFailure(null);
    try {
      const answer = await add.mutateAsync({ ...values, lang: i18n.resolvedLanguage as TLanguage | undefined });
      toast.success(
        answer.address.state === 'active'
          ? t('book.savedActive')
          : t('book.savedPending', { date: format.dateTime(answer.address.activeFrom) }),
      );
      form.reset({ methodId: values.methodId, address: '', label: '' });
    } catch (err) {
      if (!placeFieldErrors(err)) setFailure(errorText(err));
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid="address-add-form">
      <fieldset disabled={add.isPending} className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('book.method')} error={text(errors.methodId?.message)} {...register('methodId')}>
          <option value="" disabled>
            {t('book.methodPlaceholder')}
          </option>
          {methods.map((method) => (
            <option key={method.id} value={method.id}>
              {method.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('book.label')}
          hint={t('book.labelHint')}
          autoComplete="off"
          error={text(errors.label?.message)}
          {...register('label')}
        />
        <div className="sm:col-span-2">
          <AddressField
            label={t('book.address')}
            method={chosen}
            error={text(errors.address?.message)}
            {...register('address')}
          />
        </div>
      </fieldset>
      {failure && (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      )}
      {delayHours !== undefined && <DelayNotice id={noticeId} delayHours={delayHours} />}
      <div className="flex justify-end">
        <Button
          type="submit"
          loading={add.isPending}
          className="w-full sm:w-auto"
          aria-describedby={delayHours === undefined ? undefined : noticeId}
        >
          {add.isPending ? t('book.saving') : t('book.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Before Save: when an address saved now becomes usable, as a date and time (the operator's delay
 * from this minute), so nobody saves one expecting to withdraw to it at once.
 */
function DelayNotice({ id, delayHours }: { id: string; delayHours: number }) {
  const { t } = useTranslation('address-book');
  const format = useLocaleFormat();
  const now = useNow();
  const usableFrom = new Date(now + Math.round(delayHours * 3_600_000)).toISOString();
  return (
    <p
      id={id}
      className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning-soft/50 px-4 py-3 text-sm text-fg"
      data-testid="address-delay-notice"
    >
      <Clock className="mt-0.5 h-4 w-4 shrink-0 text-warning" aria-hidden="true" />
      <span>
        {delayHours > 0 ? t('book.delayNotice', { date: format.dateTime(usableFrom) }) : t('book.noDelayNotice')}
      </span>
    </p>
  );
}

/** The addresses grouped by method, in the order the newest of each method was saved. */
function AddressList({ userId, addresses }: { userId: string; addresses: TWithdrawalAddress[] }) {
  const groups = useMemo(() => {
    const byMethod = new Map<string, TWithdrawalAddress[]>();
    for (const address of addresses) {
      const group = byMethod.get(address.methodName) ?? [];
      group.push(address);
      byMethod.set(address.methodName, group);
    }
    return [...byMethod];
  }, [addresses]);
  return (
    <div className="space-y-5">
      {groups.map(([method, items]) => (
        <MethodGroup key={method} method={method} items={items} userId={userId} />
      ))}
    </div>
  );
}

function MethodGroup({ method, items, userId }: { method: string; items: TWithdrawalAddress[]; userId: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">
        {method}
      </h3>
      <ul className="space-y-2">
        {items.map((address) => (
          <AddressRow key={address.id} address={address} userId={userId} />
        ))}
      </ul>
    </section>
  );
}

function AddressRow({ address, userId }: { address: TWithdrawalAddress; userId: string }) {
  const { t } = useTranslation(['address-book', 'withdrawals']);
  const format = useLocaleFormat();
  const errorText = useApiErrorText();
  const remove = useRemoveWithdrawalAddress(userId);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onConfirm = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(address.id);
      toast.success(t('address-book:addressRemoved'));
      setConfirming(false);
    } catch (err) {
      setFailure(errorText(err, t('book.removeFailed')));
    }
  };

  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="saved-address"
    >
      <div className="min-w-0 space-y-1">
        {address.label && <p className="font-medium text-fg">{address.label}</p>}
        <p className="break-all font-mono text-sm text-fg">{address.address}</p>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
          {address.state === 'active' ? (
            <Badge tone="success" icon={<CheckCircle2 className="h-3.5 w-3.5" aria-hidden="true" />}>
              {t('book.active')}
            </Badge>
          ) : (
            <Badge tone="warning" icon={<Clock className="h-3.5 w-3.5" aria-hidden="true" />}>
              {t('book.pending', { date: format.dateTime(address.activeFrom) })}
            </Badge>
          )}
          <span>{t('book.added', { date: format.dateTime(address.createdAt) })}</span>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setConfirming(true)}
        aria-label={t('book.removeLabel', { address: address.label || address.address })}
        className="shrink-0"
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        {t('book.remove')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) setFailure(null);
        }}
        title={t('book.removeTitle')}
        description={t('book.removeBody', { address: address.address })}
        confirmLabel={t('book.removeConfirm')}
        onConfirm={() => void onConfirm()}
        busy={remove.isPending}
        error={failure}
      />
    </li>
  );
}
