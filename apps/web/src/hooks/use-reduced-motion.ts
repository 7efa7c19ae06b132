import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

/** True when the reader asked their system for less motion: nothing then moves on its own. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
