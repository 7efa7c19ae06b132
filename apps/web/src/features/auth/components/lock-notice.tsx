import { Lock } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/**
 * The server locked the account after too many failed sign-ins (spec 01 §4). Unlock requests come
 * with a later issue; until then the button stays disabled and says why.
 */
export function LockNotice({ until }: { until: string }) {
  const { t } = useTranslation('auth');
  const hintId = useId();
  return (
    <Alert tone="danger" className="space-y-3">
      <p className="flex items-center gap-2 font-medium">
        <Lock className="h-4 w-4 shrink-0" aria-hidden="true" />
        {t('lockedUntil', { time: until })}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" disabled aria-describedby={hintId}>
          {t('unlockAccount')}
        </Button>
        <span id={hintId} className="text-xs text-muted">
          {t('unlockSoon')}
        </span>
      </div>
    </Alert>
  );
}
