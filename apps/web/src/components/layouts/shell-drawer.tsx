import { Menu, X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** Tailwind's `lg` breakpoint: at and above it the sidebar is always shown, so the drawer is not needed. */
const DESKTOP_QUERY = '(min-width: 64rem)';

export interface ShellDrawerProps {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

/**
 * The sidebar as an off-canvas drawer below `lg`: a modal dialog, so focus moves in and is trapped,
 * Escape or the overlay closes it and focus returns to the toggle (the button whose aria-controls names
 * the drawer). It closes itself on desktop widths.
 */
export function ShellDrawer({ id, open, onOpenChange, children }: ShellDrawerProps) {
  const { t } = useTranslation('shell');

  useEffect(() => {
    if (!open) return;
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const close = () => desktop.matches && onOpenChange(false);
    close();
    desktop.addEventListener('change', close);
    return () => desktop.removeEventListener('change', close);
  }, [open, onOpenChange]);

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/60 lg:hidden" />
        <RadixDialog.Content
          id={id}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            const toggle = document.querySelector<HTMLElement>(`[aria-controls="${id}"]`);
            if (!toggle) return;
            event.preventDefault();
            toggle.focus();
          }}
          className={cn(
            'fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-border bg-surface shadow-2xl',
            'transition-transform duration-200 starting:-translate-x-full lg:hidden',
          )}
        >
          <RadixDialog.Title className="sr-only">{t('menu.title')}</RadixDialog.Title>
          <RadixDialog.Close
            className="absolute right-2 top-3 z-10 rounded-lg p-2 text-muted hover:bg-surface-2 hover:text-fg"
            aria-label={t('menu.close')}
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </RadixDialog.Close>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The button that opens the drawer (below `lg`), in the client's header and the admin's top bar. */
export function DrawerToggle({ drawerId, open, onOpen }: { drawerId: string; open: boolean; onOpen: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Button
      variant="ghost"
      size="icon"
      className="shrink-0 lg:hidden"
      onClick={onOpen}
      aria-label={t('menu.open')}
      aria-expanded={open}
      aria-controls={drawerId}
    >
      <Menu className="h-5 w-5" aria-hidden="true" />
    </Button>
  );
}
