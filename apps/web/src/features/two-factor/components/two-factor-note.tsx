import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { useTwoFactorStatus } from '../api/two-factor-status';

/**
 * Whether the signed-in person's two-factor sign-in is on, in a sentence, with the way to their
 * Security page (where it is turned on or off): a note for pages about money, such as the deposit guide.
 */
export function TwoFactorNote() {
  const { t } = useTranslation('two-factor');
  const status = useTwoFactorStatus();
  return (
    <Card title={t('title')} icon={ShieldCheck}>
      <div data-testid="two-factor-note">
        <QueryView
          query={status}
          loading={<Skeleton className="h-12 w-full" />}
          errorTitle={t('status.loadFailed')}
          errorDescription={() => null}
        >
          {(data) => (
            <div className="flex flex-wrap items-start gap-3">
              <Badge tone={data.enabled ? 'success' : 'warning'}>
                {data.enabled ? t('status.on') : t('status.off')}
              </Badge>
              <p className="min-w-0 flex-1 basis-64 text-sm text-muted">
                {data.enabled ? t('status.onText') : t('status.offText')}
              </p>
            </div>
          )}
        </QueryView>
        <Link
          to="/user/security"
          className="mt-4 inline-block rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('status.manageLink')}
        </Link>
      </div>
    </Card>
  );
}
