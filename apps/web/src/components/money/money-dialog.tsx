import type { TBalanceSummary } from '@meridian/contracts/balances';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FormDialog, type FormDialogProps } from '@/components/form-dialog';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The money dialogs' setting of the form dialog (deposit, withdraw, invest, join a signal): wider,
 * the facts of the money first, a wide submit button, and a success panel with what happens next.
 */
export function MoneyDialog(props: FormDialogProps) {
  return <FormDialog className="max-w-lg" submitClassName="sm:min-w-44" {...props} />;
}

/**
 * Closes a money dialog once its request was taken and shows the dashboard, where the new balance and
 * the pending request are.
 */
export function useCloseToDashboard(onClose: () => void): () => void {
  const navigate = useNavigate();
  return () => {
    onClose();
    navigate('/user');
  };
}

/** What the money is for and what there is to take, one fact a row. */
export function MoneyFacts({ children }: { children: ReactNode }) {
  return <dl className="space-y-2 rounded-xl border border-border bg-surface-2/50 p-4 text-sm">{children}</dl>;
}

export function MoneyFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 text-right font-medium text-fg">{children}</dd>
    </div>
  );
}

/** The client's balance as a fact: a skeleton while it loads, `unknownText` when it cannot be read. */
export function AvailableBalance({
  balance,
  unknownText,
  testId,
}: {
  balance: UseQueryResult<TBalanceSummary>;
  unknownText: string;
  testId: string;
}) {
  return (
    <span data-testid={testId}>
      {balance.isPending ? (
        <Skeleton className="h-5 w-24" />
      ) : balance.isError ? (
        <span className="font-normal text-muted">{unknownText}</span>
      ) : (
        <Money amount={balance.data.balance} />
      )}
    </span>
  );
}
