import type { TSession } from '@meridian/contracts/sessions';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonList } from '@/components/ui/skeleton';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { messageKey } from '@/i18n';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import { useLeaveAfterSignOut } from '../hooks/use-leave-after-sign-out';
import { SessionItem, useSessionName } from './session-item';

/** A confirmation closes a moment after it succeeded, showing its outcome. */
const CLOSE_AFTER_MS = 1000;

/**
 * "Signed-in sessions" on the Security page: where the reader is signed in now, with End on each
 * and "Sign out of all other sessions". Ending the session of this browser signs the reader out.
 */
export function SessionsSection() {
  const { t } = useTranslation('sessions');
  const userId = useSession()?.user.id ?? '';
  const sessions = useSessions(userId);
  const [ending, setEnding] = useState<TSession | null>(null);
  const [endingOthers, setEndingOthers] = useState(false);
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Card
      title={t('title')}
      icon={MonitorSmartphone}
      actions={
        others > 0 && (
          <Button
            variant="dangerOutline"
            size="sm"
            onClick={() => setEndingOthers(true)}
            data-testid="end-other-sessions"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            {t('endOthers.button')}
          </Button>
        )
      }
    >
      <p className="mb-4 text-sm text-muted">{t('intro')}</p>
      <QueryView
        query={sessions}
        loading={<SkeletonList rows={2} />}
        errorTitle={t('loadFailed')}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState icon={MonitorSmartphone} title={t('empty')} />}
      >
        {(list) => (
          <ul className="space-y-3" aria-label={t('title')}>
            {list.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                action={<EndButton session={session} onClick={() => setEnding(session)} />}
              />
            ))}
          </ul>
        )}
      </QueryView>
      {ending && <EndSessionDialog session={ending} userId={userId} onClose={() => setEnding(null)} />}
      {endingOthers && <EndOthersDialog userId={userId} onClose={() => setEndingOthers(false)} />}
    </Card>
  );
}

function EndButton({ session, onClick }: { session: TSession; onClick: () => void }) {
  const { t } = useTranslation('sessions');
  const name = useSessionName();
  return (
    <Button
      variant="dangerOutline"
      size="sm"
      onClick={onClick}
      aria-label={t('end.label', { name: name(session) })}
      data-testid="end-session"
    >
      {t('end.button')}
    </Button>
  );
}

function EndSessionDialog({ session, userId, onClose }: { session: TSession; userId: string; onClose: () => void }) {
  const { t } = useTranslation('sessions');
  const errorText = useApiErrorText();
  const name = useSessionName();
  const end = useEndSession(userId);
  const leave = useLeaveAfterSignOut();
  useAfterDelay(end.isSuccess && !session.current, CLOSE_AFTER_MS, onClose);

  const confirm = () => {
    if (end.isPending || end.isSuccess) return;
    end.mutate(session.id, {
      onSuccess: () => {
        toast.success(t(messageKey('sessions.ended')));
        if (session.current) leave();
      },
      onError: (err) => toast.error(errorText(err, t('end.failed'))),
    });
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('end.title')}
      description={session.current ? t('end.currentBody') : t('end.body', { name: name(session) })}
      confirmLabel={t('end.confirm')}
      onConfirm={confirm}
      busy={end.isPending || (end.isSuccess && session.current)}
      done={end.isSuccess ? t(messageKey('sessions.ended')) : undefined}
      error={end.isError ? errorText(end.error, t('end.failed')) : undefined}
    />
  );
}

function EndOthersDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation('sessions');
  const errorText = useApiErrorText();
  const end = useEndOtherSessions(userId);
  useAfterDelay(end.isSuccess, CLOSE_AFTER_MS, onClose);
  const done = end.data ? t(messageKey('sessions.othersEnded'), { count: end.data.count }) : undefined;

  const confirm = () => {
    if (end.isPending || end.isSuccess) return;
    end.mutate(undefined, {
      onSuccess: (answer) => toast.success(t(messageKey('sessions.othersEnded'), { count: answer.count })),
      onError: (err) => toast.error(errorText(err, t('endOthers.failed'))),
    });
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('endOthers.title')}
      description={t('endOthers.body')}
      confirmLabel={t('endOthers.confirm')}
      onConfirm={confirm}
      busy={end.isPending}
      done={done}
      error={end.isError ? errorText(end.error, t('endOthers.failed')) : undefined}
    />
  );
}
