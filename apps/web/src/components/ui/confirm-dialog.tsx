import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The question, word for word (e.g. the spec's delete confirmation). */
  description: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  tone?: 'danger' | 'primary';
  /** The action is running: both buttons wait and the dialog cannot be dismissed. */
  busy?: boolean;
  /** The action finished: shows the outcome; the caller closes the dialog after its delay. */
  done?: ReactNode;
  /** The action failed: the reason, shown in the dialog. */
  error?: ReactNode;
}

/** "Are you sure?" with Cancel and a confirm button; the outcome shows inside the dialog. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  tone = 'danger',
  busy = false,
  done,
  error,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={title}
      description={description}
    >
      {error && (
        <Alert tone="danger" className="mb-4">
          {error}
        </Alert>
      )}
      {done && (
        <Alert tone="success" className="mb-4">
          {done}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {/* The safe choice has focus first: Enter on an open confirmation does not delete. */}
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy} data-autofocus>
          {done ? t('actions.close') : t('actions.cancel')}
        </Button>
        <Button
          variant={tone}
          onClick={onConfirm}
          loading={busy}
          disabled={Boolean(done)}
          data-testid="confirm-dialog-confirm"
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
