import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { useDisableTwoFactor, useRegenerateRecoveryCodes } from '../api/manage';
import { useTwoFactorStatus } from '../api/two-factor-status';
import { CodeDialog } from './code-dialog';
import { Enrolment } from './enrolment';
import { RecoveryCodes } from './recovery-codes';

/**
 * The Security page's section on two-factor sign-in (docs/security.md, "Two-factor sign-in"): its
 * state, turning it on, new recovery codes, and turning it off (clients only: admins must keep it).
 */
export function TwoFactorSection() {
  const { t } = useTranslation('two-factor');
  const status = useTwoFactorStatus();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [dialog, setDialog] = useState<'disable' | 'codes' | null>(null);
  const [done, setDone] = useState<string | null>(null);

  return (
    <Card
      title={t('title')}
      icon={ShieldCheck}
      actions={
        status.data ? (
          <Badge tone={status.data.enabled ? 'success' : 'neutral'}>
            {status.data.enabled ? t('status.on') : t('status.off')}
          </Badge>
        ) : null
      }
    >
      <QueryView query={status} loading={<Skeleton className="h-24 w-full" />} errorTitle={t('status.loadFailed')}>
        {(data) =>
          data.enabled ? (
            <div className="space-y-4" data-testid="two-factor-on">
              {done ? <Alert tone="success">{done}</Alert> : null}
              <p className="text-sm text-muted">{t('status.onText')}</p>
              <p className="text-sm text-fg">{t('status.codesLeft', { count: data.recoveryCodesLeft })}</p>
              {data.recoveryCodesLeft <= 3 ? <Alert tone="warning">{t('status.codesLow')}</Alert> : null}
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  onClick={() => {
                    regenerate.reset();
                    setDialog('codes');
                  }}
                >
                  {t('manage.newCodes')}
                </Button>
                {data.required ? null : (
                  <Button variant="dangerOutline" onClick={() => setDialog('disable')} data-testid="two-factor-disable">
                    {t('manage.disable')}
                  </Button>
                )}
              </div>
              {data.required ? <p className="text-sm text-muted">{t('status.requiredForAdmins')}</p> : null}
            </div>
          ) : (
            <div className="space-y-4">
              {done ? <Alert tone="success">{done}</Alert> : null}
              <p className="text-sm text-muted">{t('status.offText')}</p>
              <Enrolment onDone={() => setDone(t('enrol.done'))} />
            </div>
          )
        }
      </QueryView>

      <CodeDialog
        open={dialog === 'disable'}
        onOpenChange={(open) => setDialog(open ? 'disable' : null)}
        title={t('manage.disableTitle')}
        description={t('manage.disableText')}
        submitLabel={t('manage.disable')}
        danger
        pending={disable.isPending}
        onSubmit={async (code) => {
          const answer = await disable.mutateAsync({ code });
          setDone(answer.message ? t('disabled') : null);
          setDialog(null);
        }}
      />
      <CodeDialog
        open={dialog === 'codes'}
        onOpenChange={(open) => setDialog(open ? 'codes' : null)}
        title={t('manage.newCodesTitle')}
        description={t('manage.newCodesText')}
        submitLabel={t('manage.newCodes')}
        pending={regenerate.isPending}
        onSubmit={async (code) => {
          await regenerate.mutateAsync({ code });
          void status.refetch();
        }}
        result={
          regenerate.data ? (
            <RecoveryCodes
              codes={regenerate.data.recoveryCodes}
              doneLabel={t('codes.close')}
              onDone={() => setDialog(null)}
            />
          ) : undefined
        }
      />
    </Card>
  );
}
