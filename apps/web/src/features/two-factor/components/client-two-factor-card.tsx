import { ZTwoFactorResetInput } from '@meridian/contracts/two-factor';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useClientTwoFactor, useResetClientTwoFactor } from '../api/client-two-factor';

/**
 * A client's two-factor sign-in on their back-office page: whether it is on, and removing it (a lost
 * phone) with a reason, which the audit log keeps and the client is emailed about.
 */
export function ClientTwoFactorCard({ userId }: { userId: string }) {
  const { t } = useTranslation('two-factor');
  const status = useClientTwoFactor(userId);
  const [open, setOpen] = useState(false);

  return (
    <Card title={t('title')} icon={ShieldCheck}>
      <QueryView query={status} loading={<Skeleton className="h-10 w-full" />} errorTitle={t('status.loadFailed')}>
        {(data) => (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Badge tone={data.enabled ? 'success' : 'neutral'}>{data.enabled ? t('status.on') : t('status.off')}</Badge>
            {data.enabled ? (
              <Button variant="dangerOutline" onClick={() => setOpen(true)} data-testid="two-factor-reset">
                {t('reset.action')}
              </Button>
            ) : null}
          </div>
        )}
      </QueryView>
      <ResetDialog userId={userId} open={open} onOpenChange={setOpen} />
    </Card>
  );
}

function ResetDialog({
  userId,
  open,
  onOpenChange,
}: {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('two-factor');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const reset = useResetClientTwoFactor(userId);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const change = (next: boolean) => {
    if (!next) {
      setReason('');
      setFieldError(undefined);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    setFailure(null);
    const parsed = ZTwoFactorResetInput.safeParse({ reason });
    if (!parsed.success) {
      setFieldError(text(parsed.error.issues[0]?.message));
      return;
    }
    try {
      await reset.mutateAsync(parsed.data);
      toast.success(t('resetDone'));
      change(false);
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  return (
    <Dialog open={open} onOpenChange={change} title={t('reset.title')} description={t('reset.text')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert tone="danger">{failure}</Alert> : null}
        <TextAreaField
          label={t('reset.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={fieldError}
          name="reason"
          data-autofocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" type="button" onClick={() => change(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={reset.isPending}>
            {t('reset.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
