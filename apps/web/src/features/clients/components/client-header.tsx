import type { TUser } from '@meridian/contracts/auth';
import { verificationState } from '@meridian/contracts/verification';
import { BadgeCheck, CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { oneLetterInitial, ShellAvatar } from '@/components/layouts/shell-avatar';
import { Badge } from '@/components/ui/badge';
import { WithdrawalToggle } from './withdrawal-toggle';

/**
 * The client's header: avatar (or first letter), full name, email, Active/Inactive and Verified/Unverified, and
 * the withdrawal enable/disable switch.
 */
export function ClientHeader({ client }: { client: TUser }) {
  const { t } = useTranslation('clients');
  const fullName = `${client.firstname} ${client.lastname}`.trim();
  // The same rule as the client's own profile, dashboard and sidebar (contracts/verification).
  const { verified } = verificationState(client);
  return (
    <section
      aria-labelledby="client-name"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 sm:flex-row sm:items-center"
    >
      <ShellAvatar
        image={client.profile}
        initials={oneLetterInitial(client.firstname)}
        isActive={client.isActive}
        className="self-start sm:self-center"
      />
      <div className="min-w-0 flex-1">
        <h1 id="client-name" className="truncate text-xl font-semibold text-fg">
          {fullName}
        </h1>
        <p className="truncate text-sm text-muted">{client.email}</p>
      </div>
      <div className="flex flex-col gap-3 sm:items-end">
        <div className="flex flex-wrap gap-2" data-testid="client-badges">
          {client.isActive ? (
            <Badge tone="success" icon={<CircleCheck className="h-3 w-3" aria-hidden="true" />}>
              {t('client.active')}
            </Badge>
          ) : (
            <Badge tone="danger" icon={<CircleX className="h-3 w-3" aria-hidden="true" />}>
              {t('client.inactive')}
            </Badge>
          )}
          {verified ? (
            <Badge tone="success" icon={<BadgeCheck className="h-3 w-3" aria-hidden="true" />}>
              {t('client.verified')}
            </Badge>
          ) : (
            <Badge tone="warning" icon={<CircleAlert className="h-3 w-3" aria-hidden="true" />}>
              {t('client.unverified')}
            </Badge>
          )}
        </div>
        <WithdrawalToggle client={client} />
      </div>
    </section>
  );
}
