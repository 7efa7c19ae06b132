import type { TBalanceSummary } from '@meridian/contracts/balances';
import type { TDepositMethod } from '@meridian/contracts/methods';
import type { TTransaction } from '@meridian/contracts/transactions';
import type { FastifyInstance } from 'fastify';
import type { TSignedIn } from './factories.ts';

/** API steps of the deposit flow, for tests of deposits and of what builds on them. */

export async function createDepositMethodViaApi(
  app: FastifyInstance,
  admin: TSignedIn,
  overrides: Record<string, unknown> = {},
): Promise<TDepositMethod> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/depositmethod',
    headers: admin.headers,
    payload: {
      name: 'USDT (TRC20)',
      value: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      description: 'Send USDT on the TRON network only',
      minAmount: 10,
      maxAmount: 50000,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`deposit method: ${res.statusCode} ${res.body}`);
  return res.json<{ depositMethod: TDepositMethod }>().depositMethod;
}

export async function declareDeposit(
  app: FastifyInstance,
  client: TSignedIn,
  depositMethod: string,
  amount: number | string,
): Promise<TTransaction> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/deposit',
    headers: client.headers,
    payload: { amount, depositMethod, user: client.id },
  });
  if (res.statusCode !== 201) throw new Error(`deposit: ${res.statusCode} ${res.body}`);
  return res.json<{ deposit: TTransaction }>().deposit;
}

export function putDepositStatus(
  app: FastifyInstance,
  admin: TSignedIn,
  id: string,
  status: string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'PUT',
    url: `/api/deposit/status/${id}`,
    headers: { ...admin.headers, ...headers },
    payload: { status },
  });
}

/** A client's money as the Balance page reads it. */
export async function balanceOf(app: FastifyInstance, as: TSignedIn, userId = as.id): Promise<TBalanceSummary> {
  const res = await app.inject({ method: 'GET', url: `/api/balance/${userId}`, headers: as.headers });
  if (res.statusCode !== 200) throw new Error(`balance: ${res.statusCode} ${res.body}`);
  return res.json<TBalanceSummary>();
}
