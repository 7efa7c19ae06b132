import { adminTwoFactorReset } from '@meridian/contracts/endpoints/two-factor';
import { ZTwoFactorResetInput } from '@meridian/contracts/two-factor';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '@/components/reason-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useCan } from '@/hooks/use-can';
import { toast } from '@/lib/toast';
import { useClientTwoFactor, useResetClientTwoFactor } from '../api/client-two-factor';

/**
 * A client's two-factor sign-in on their back-office page: whether it is on, and removing it (a lost
 * phone) with a reason, which the audit log keeps and the client is emailed about.
 */
export function ClientTwoFactorCard({ userId }: { userId: string }) {
  const { t } = useTranslation('two-factor');
  const status = useClientTwoFactor(userId);
  const [open, setOpen] = useState(false);
  const canReset = useCan(adminTwoFactorReset.permission);

  return (
    <Card title={t('title')} icon={ShieldCheck}>
      <QueryView query={status} loading={<Skeleton className="h-10 w-full" />} errorTitle={t('status.loadFailed')}>
        {(data) => (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Badge tone={data.enabled ? 'success' : 'neutral'}>{data.enabled ? t('status.on') : t('status.off')}</Badge>
            {data.enabled && canReset ? (
              <Button variant="dangerOutline" onClick={() => setOpen(true)} data-testid="two-factor-reset">
                {t('reset.action')}
              </Button>
            ) : null}
          </div>
        )}
      </QueryView>
      {open ? <ResetDialog userId={userId} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}

/** Removing it: a reason is required; done, the dialog closes at once and a toast says so. */
function ResetDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation('two-factor');
  const errorText = useApiErrorText();
  const reset = useResetClientTwoFactor(userId);
  return (
    <ReasonDialog
      title={t('reset.title')}
      description={t('reset.text')}
      schema={ZTwoFactorResetInput}
      label={t('reset.reason')}
      submitLabel={t('reset.confirm')}
      mutation={reset}
      send={reset.mutateAsync}
      onSuccess={() => toast.success(t('resetDone'))}
      failedText={(err) => errorText(err)}
      closeAfterMs={0}
      toastFailure={false}
      onClose={onClose}
    />
  );
}
