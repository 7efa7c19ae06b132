import type { TUser } from '@meridian/contracts/auth';
import { setWithdrawalPermission } from '@meridian/contracts/endpoints/client-actions';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/hooks/use-can';
import { cn } from '@/lib/cn';
import { useSetWithdrawals } from '../api/set-withdrawals';
import { ActionDialog } from './action-dialog';

/**
 * In the client's header: the withdrawal enable/disable control, a labelled switch that asks first.
 * A role that may not change it sees the state only.
 */
export function WithdrawalToggle({ client }: { client: TUser }) {
  const { t } = useTranslation('clients');
  if (!useCan(setWithdrawalPermission.permission)) {
    const on = client.withdrawalEnabled;
    return (
      <p className="flex items-center gap-3 text-sm" data-testid="withdrawal-state">
        <span className="font-medium text-fg">{t('withdrawals.label')}</span>
        <span className={on ? 'text-success' : 'text-muted'}>
          {t(on ? 'withdrawals.enabled' : 'withdrawals.disabled')}
        </span>
      </p>
    );
  }
  return <WithdrawalSwitch client={client} />;
}

function WithdrawalSwitch({ client }: { client: TUser }) {
  const { t } = useTranslation('clients');
  const labelId = useId();
  const setWithdrawals = useSetWithdrawals(client.id);
  const [open, setOpen] = useState(false);
  // What the dialog asks, fixed when it opens (the switch flips as soon as the client reloads).
  const [target, setTarget] = useState(!client.withdrawalEnabled);
  const on = client.withdrawalEnabled;
  const name = `${client.firstname} ${client.lastname}`.trim();
  const key = target ? 'enable' : 'disable';

  return (
    <div className="flex items-center gap-3">
      <span id={labelId} className="text-sm font-medium text-fg">
        {t('withdrawals.label')}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        data-testid="withdrawal-switch"
        onClick={() => {
          setTarget(!on);
          setOpen(true);
        }}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-border transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary motion-reduce:transition-none',
          on ? 'bg-success' : 'bg-surface-2',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block h-4 w-4 rounded-full bg-surface shadow transition-transform motion-reduce:transition-none',
            on ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </button>
      <span className={cn('text-sm', on ? 'text-success' : 'text-muted')}>
        {t(on ? 'withdrawals.enabled' : 'withdrawals.disabled')}
      </span>
      <ActionDialog
        open={open}
        onOpenChange={setOpen}
        title={t(`withdrawals.${key}Title`)}
        description={t(`withdrawals.${key}Description`, { name })}
        confirmLabel={t(`withdrawals.${key}`)}
        tone={target ? 'primary' : 'danger'}
        action={() => setWithdrawals.mutateAsync(target)}
        done={target ? 'clients.withdrawalsEnabled' : 'clients.withdrawalsDisabled'}
        failure={(msg) => t('withdrawals.failed', { msg })}
      />
    </div>
  );
}
