import type { TUser } from '@meridian/contracts/auth';
import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, DetailItem } from '@/components/ui/card';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { PasswordCard } from './password-card';

/**
 * Account facts. Where a stored plain-text password would be shown we show only when the password
 * was last changed, with "Send password reset"; passwords exist only as hashes (docs/deviations.md,
 * "No stored plain-text passwords").
 */
export function ClientAccount({ client }: { client: TUser }) {
  const { t } = useTranslation('clients');
  const format = useLocaleFormat();
  const { i18n } = useTranslation();
  return (
    <Card title={t('client.account.title')} icon={UserRound}>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <DetailItem label={t('client.account.username')}>{client.username}</DetailItem>
        <DetailItem label={t('client.account.phone')}>{client.phone || '—'}</DetailItem>
        <DetailItem label={t('client.account.country')}>
          {countryName(client.country, i18n.resolvedLanguage)}
        </DetailItem>
        <DetailItem label={t('client.account.plan')}>{client.plan?.name ?? t('client.account.noPlan')}</DetailItem>
        <DetailItem label={t('client.account.status')}>
          {t(client.isActive ? 'client.active' : 'client.inactive')}
        </DetailItem>
        <DetailItem label={t('client.account.withdrawals')}>
          {t(client.withdrawalEnabled ? 'client.account.withdrawalsEnabled' : 'client.account.withdrawalsDisabled')}
        </DetailItem>
        <DetailItem label={t('client.account.createdAt')}>{format.dateTime(client.createdAt)}</DetailItem>
        <DetailItem label={t('client.account.termsAccepted')}>
          {client.termsAcceptedAt ? format.dateTime(client.termsAcceptedAt) : t('client.account.termsNotRecorded')}
        </DetailItem>
      </dl>
      <div className="mt-4">
        <PasswordCard client={client} />
      </div>
    </Card>
  );
}

/** The country's name in the reader's language; the code itself when the browser does not know it. */
function countryName(code: string, locale = 'en'): string {
  if (!code) return '—';
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
