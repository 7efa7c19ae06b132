import { CircleCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Deposit and withdrawal dialogs close this long after success, then go to /user. */
export const SUCCESS_CLOSE_MS = 3000;

export interface SuccessPanelProps {
  title: string;
  body: string;
  onClose: () => void;
  /** What to do next, below the words (where to send the money). */
  children?: ReactNode;
  testId?: string;
}

/** What a money dialog shows once the server has accepted the request, until it closes itself. */
export function SuccessPanel({ title, body, onClose, children, testId = 'success-panel' }: SuccessPanelProps) {
  const { t } = useTranslation('common');
  const panel = useRef<HTMLDivElement>(null);
  // The form that had focus is gone: keep keyboard users inside the dialog, on its first action.
  useEffect(() => panel.current?.querySelector('button')?.focus(), []);
  return (
    <div ref={panel} className="flex flex-col items-center py-4 text-center" data-testid={testId}>
      <div role="status" className="flex flex-col items-center">
        <span className="mb-3 grid h-14 w-14 place-items-center rounded-full bg-success-soft text-success">
          <CircleCheck className="h-8 w-8" aria-hidden="true" />
        </span>
        <p className="text-lg font-semibold text-fg">{title}</p>
        <p className="mt-1 max-w-sm text-sm text-muted">{body}</p>
      </div>
      {children}
      <Button variant="outline" className="mt-6" onClick={onClose}>
        {t('actions.close')}
      </Button>
    </div>
  );
}
