import type { TUser } from '@meridian/contracts/auth';
import { verificationState } from '@meridian/contracts/verification';
import { useTranslation } from 'react-i18next';
import { oneLetterInitial, ShellAvatar } from '@/components/layouts/shell-avatar';
import { ActiveBadge, VerifiedBadge } from '@/components/ui/status-badges';
import { WithdrawalToggle } from './withdrawal-toggle';

/**
 * The client's header: avatar (or first letter), full name, email, Active/Inactive, Verified/Unverified, whether
 * the email address is verified, and the withdrawal enable/disable switch.
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
          <ActiveBadge isActive={client.isActive} labels={{ yes: t('client.active'), no: t('client.inactive') }} />
          <VerifiedBadge isVerified={verified} labels={{ yes: t('client.verified'), no: t('client.unverified') }} />
          {/* The address proven by the mailed link: until it is, the client moves no money. */}
          <VerifiedBadge
            isVerified={client.emailVerified}
            labels={{ yes: t('client.emailVerified'), no: t('client.emailUnverified') }}
          />
        </div>
        <WithdrawalToggle client={client} />
      </div>
    </section>
  );
}
