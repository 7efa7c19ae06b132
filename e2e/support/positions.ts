import { type APIRequestContext, expect } from '@playwright/test';
import type { TFundedClient } from './accounts.ts';

/**
 * What a journey's position is opened with (the API's fields), by default a BTC/USD buy of $100 at
 * 1:10 for a day with no take-profit or stop-loss.
 */
export interface TPositionTerms {
  asset?: string;
  amount?: string;
  leverage?: number;
  expiration?: number;
  type?: 'buy' | 'sell';
  takeProfit?: number;
  stopLoss?: number;
}

/** The client opens a position through the API, as the order form would; answers its id. */
export async function openPositionFor(
  request: APIRequestContext,
  trader: TFundedClient,
  terms: TPositionTerms = {},
): Promise<string> {
  const res = await request.post('/api/position', {
    headers: trader.bearer,
    data: { asset: 'BTC/USD', amount: '100', leverage: 10, expiration: 1440, type: 'buy', ...terms, userId: trader.id },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { position: { id: string } }).position.id;
}

/** The client's positions as the API answers them, newest first; `T` names the fields the journey reads. */
export async function positionsOf<T>(request: APIRequestContext, trader: TFundedClient): Promise<T[]> {
  const res = await request.get(`/api/position/user/${trader.id}`, { headers: trader.bearer });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { positions: T[] }).positions;
}
