import type { ReactNode } from 'react';

/**
 * The app's toasts (sonner). The library comes with its Toaster after the first paint
 * (app/provider.tsx), so a page's first render does not carry it; a toast asked for before it has
 * come shows once it has, in the order asked.
 */
const sonner = () => import('sonner');

interface TToastOptions {
  /** A second line under the message. */
  description?: ReactNode;
}

export const toast = {
  success(message: ReactNode, options?: TToastOptions): void {
    void sonner().then((library) => library.toast.success(message, options));
  },
  error(message: ReactNode, options?: TToastOptions): void {
    void sonner().then((library) => library.toast.error(message, options));
  },
};
