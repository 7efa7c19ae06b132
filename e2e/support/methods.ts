import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { adminHeaders } from './accounts.ts';

/**
 * A USDT (TRC20) deposit method of the journey's own, made by the admin through the API: its name
 * unique to the run (`USDT (TRC20) …` unless given), $10 up to `maxAmount`.
 */
export async function newDepositMethod(
  request: APIRequestContext,
  { name = `USDT (TRC20) ${Date.now().toString(36).toUpperCase()}`, maxAmount = 50_000 } = {},
): Promise<{ id: string; name: string }> {
  const res = await request.post('/api/depositmethod', {
    headers: await adminHeaders(request),
    data: {
      name,
      value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      description: 'Tether on TRON',
      minAmount: 10,
      maxAmount,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { depositMethod: { id: string } }).depositMethod.id, name };
}
