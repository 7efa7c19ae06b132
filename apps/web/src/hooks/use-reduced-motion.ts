import { useMediaQuery } from './use-media-query';

/** True when the reader asked their system for less motion: nothing then moves on its own. */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
