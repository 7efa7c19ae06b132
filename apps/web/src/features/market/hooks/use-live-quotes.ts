import { endpointPath } from '@meridian/contracts/endpoint';
import { streamQuotes } from '@meridian/contracts/endpoints/market';
import type { TQuote } from '@meridian/contracts/market';
import { MARKET_PAIRS, type TPair } from '@meridian/contracts/pairs';
import { useSyncExternalStore } from 'react';
import { eventData } from '@/lib/api-client';

export interface TLiveQuotes {
  /** The latest quote of each pair that has one, in `MARKET_PAIRS` order. */
  quotes: readonly TQuote[];
  /** False until the first snapshot arrives, and while the browser reconnects. */
  connected: boolean;
}

/**
 * One EventSource for the whole page (GET /api/market/stream), shared by every component that shows
 * prices: opened by the first subscriber, closed after the last one leaves, and closed while the
 * tab is hidden (a new connection starts with a fresh snapshot, so nothing is missed).
 */
const listeners = new Set<() => void>();
const latest = new Map<TPair, TQuote>();
let state: TLiveQuotes = { quotes: [], connected: false };
let source: EventSource | null = null;

function publish(connected: boolean) {
  state = { quotes: MARKET_PAIRS.flatMap((pair) => latest.get(pair) ?? []), connected };
  for (const listener of listeners) listener();
}

function receive(event: MessageEvent<string>, name: 'snapshot' | 'quotes') {
  const { quotes } = eventData(streamQuotes, name, JSON.parse(event.data));
  if (name === 'snapshot') latest.clear();
  for (const quote of quotes) latest.set(quote.pair, quote);
  publish(true);
}

function open() {
  if (source || document.visibilityState === 'hidden') return;
  source = new EventSource(`/api${endpointPath(streamQuotes)}`);
  source.addEventListener('snapshot', (event) => receive(event, 'snapshot'));
  source.addEventListener('quotes', (event) => receive(event, 'quotes'));
  // The browser reconnects by itself (the server sends `retry:`); until then, say so.
  source.addEventListener('error', () => publish(false));
}

function close() {
  source?.close();
  source = null;
}

function onVisibility() {
  if (document.visibilityState === 'hidden') close();
  else if (listeners.size > 0) open();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    document.addEventListener('visibilitychange', onVisibility);
    open();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      document.removeEventListener('visibilitychange', onVisibility);
      close();
    }
  };
}

const subscribeNothing = () => () => {};

/**
 * Live quotes of the 10 pairs, updated in place as the server streams them. With `active` false the
 * component keeps the quotes it last had and stops re-rendering with every price (it is off the
 * screen, say); it counts as no subscriber, so with none active the stream closes.
 */
export function useLiveQuotes(active = true): TLiveQuotes {
  return useSyncExternalStore(
    active ? subscribe : subscribeNothing,
    () => state,
    () => state,
  );
}
