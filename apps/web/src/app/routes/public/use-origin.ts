import { useLocation } from 'react-router';
import type { TFromState } from '@/app/guards';

/** The page a guard sent the visitor away from, to return there after signing in. */
export function useOrigin(): string | undefined {
  const from = (useLocation().state as TFromState | null)?.from;
  return from ? `${from.pathname}${from.search ?? ''}` : undefined;
}
