import type { TMessageKey } from '@meridian/contracts/messages';
import { type ReactNode, useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { toast } from '@/lib/toast';

/** Dialogs close about 2 seconds after a status update. */
export const STATUS_CLOSE_MS = 2000;

export interface ActionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  tone?: 'danger' | 'primary';
  /** The call. */
  action: () => Promise<unknown>;
  /** The message the server answers on success, shown in the reader's language. */
  done: TMessageKey;
  /** The failure words, given the server's message ("Failed to activate: {msg}"). */
  failure: (message: string) => string;
  /** The server's message when it gave none (the dialog's default, e.g. 'Error verifying client'). */
  fallback?: string;
  closeAfterMs?: number;
}

type TState = { status: 'idle' | 'busy' } | { status: 'done' | 'failed'; text: string };

/**
 * "Are you sure?" for one account action: a spinner while it runs, then the outcome in the dialog
 * and as a toast; it closes by itself after a success.
 */
export function ActionDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  tone = 'primary',
  action,
  done,
  failure,
  fallback,
  closeAfterMs = STATUS_CLOSE_MS,
}: ActionDialogProps) {
  const text = useMessageText();
  const errorText = useApiErrorText();
  const [state, setState] = useState<TState>({ status: 'idle' });

  // Each opening starts afresh.
  useEffect(() => {
    if (open) setState({ status: 'idle' });
  }, [open]);
  useAfterDelay(open && state.status === 'done', closeAfterMs, () => onOpenChange(false));

  const confirm = async () => {
    if (state.status === 'busy' || state.status === 'done') return;
    setState({ status: 'busy' });
    try {
      await action();
      const said = text(done) ?? done;
      setState({ status: 'done', text: said });
      toast.success(said);
    } catch (err) {
      const failed = failure(errorText(err, fallback));
      setState({ status: 'failed', text: failed });
      toast.error(failed);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      tone={tone}
      onConfirm={confirm}
      busy={state.status === 'busy'}
      done={state.status === 'done' ? state.text : undefined}
      error={state.status === 'failed' ? state.text : undefined}
    />
  );
}
