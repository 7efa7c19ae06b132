import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Deposit and withdrawal dialogs close this long after success, then go to /user. */
export const SUCCESS_CLOSE_MS = 3000;

/** What a money dialog shows once the server has accepted the request, until it closes itself. */
export function SuccessPanel({ title, body, onClose }: { title: string; body: string; onClose: () => void }) {
  const { t } = useTranslation('common');
  const panel = useRef<HTMLDivElement>(null);
  // The form that had focus is gone: keep keyboard users inside the dialog, on its only action.
  useEffect(() => panel.current?.querySelector('button')?.focus(), []);
  return (
    <div ref={panel} role="status" className="flex flex-col items-center py-4 text-center" data-testid="success-panel">
      <span className="mb-3 grid h-14 w-14 place-items-center rounded-full bg-success-soft text-success">
        <CircleCheck className="h-8 w-8" aria-hidden="true" />
      </span>
      <p className="text-lg font-semibold text-fg">{title}</p>
      <p className="mt-1 max-w-sm text-sm text-muted">{body}</p>
      <Button variant="outline" className="mt-6" onClick={onClose}>
        {t('actions.close')}
      </Button>
    </div>
  );
}
