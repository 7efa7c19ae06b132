import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, useCallback, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * A modal dialog: focus trapped, Escape and the close button dismiss it, title announced. Focus
 * starts on the element marked `data-autofocus` (or the first focusable one), also when that element
 * arrives a moment later with content loaded on demand, and returns to the element that opened it.
 */
export function Dialog({ open, onOpenChange, title, description, children, className }: DialogProps) {
  const { t } = useTranslation();
  // Opened from a plain button (not a Radix trigger), the dialog would hand focus to <body> on close:
  // remember what had focus when it opened (before anything inside takes it) and give focus back there.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  // A form loaded on demand is not there when the dialog opens, and focus lands on the close button:
  // once its marked field appears, move focus there, unless the reader has moved it meanwhile.
  const focusLateField = useCallback((root: HTMLDivElement | null) => {
    if (!root) return;
    const observer = new MutationObserver(() => {
      const target = root.querySelector<HTMLElement>('[data-autofocus]:not(:disabled)');
      if (!target) return;
      observer.disconnect();
      const active = document.activeElement;
      if (active === root || active === document.body || active?.hasAttribute('data-dialog-close')) target.focus();
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <RadixDialog.Content
          ref={focusLateField}
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[92dvh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-2xl border border-border bg-surface p-6 text-fg shadow-2xl',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            // A form marks its first field with `data-autofocus`; otherwise the first focusable element.
            const first = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
              '[data-autofocus]:not(:disabled)',
            );
            if (first) {
              event.preventDefault();
              first.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (target?.isConnected && target !== document.body) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              data-dialog-close
              className="-m-2 rounded-lg p-2 text-muted hover:bg-surface-2 hover:text-fg"
              aria-label={t('actions.close')}
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description className="mb-4 text-sm text-muted">{description}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
