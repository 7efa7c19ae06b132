import { useSearchParams } from 'react-router';
import type { TOrderListState } from '../constants';

/** The list a `state` parameter names: History for `done`, the pending orders otherwise. */
export function parseOrderListState(value: string | null): TOrderListState {
  return value === 'done' ? 'done' : 'pending';
}

/**
 * Which list the page shows, kept in the address (`?state=done` for History, set by the tabs) so
 * Back, reload and a shared link return to it.
 */
export function useOrderListState(): TOrderListState {
  const [params] = useSearchParams();
  return parseOrderListState(params.get('state'));
}
