import { BACK_TO_TOP_THRESHOLD_PX } from '@meridian/contracts/constants';
import { useSyncExternalStore } from 'react';

/** Whether the page is scrolled further down than `threshold` pixels (300 by default, the spec's back-to-top). */
export function useScrolledPast(threshold: number = BACK_TO_TOP_THRESHOLD_PX): boolean {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('scroll', onChange, { passive: true });
      return () => window.removeEventListener('scroll', onChange);
    },
    () => window.scrollY > threshold,
    () => false,
  );
}
