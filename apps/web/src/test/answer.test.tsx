import { endpointPath } from '@meridian/contracts/endpoint';
import { createDeposit } from '@meridian/contracts/endpoints/deposits';
import { getKycStatus } from '@meridian/contracts/endpoints/kyc';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, call } from '@/lib/api-client';
import { answer, refuse } from './answer';
import { IDS, makeTransaction } from './fixtures';
import { apiProblems } from './server';

/** The helpers themselves: what a component test can rely on. */
describe('answer', () => {
  afterEach(() => {
    // Problems a case here provokes on purpose must not fail it in the setup file.
    apiProblems.splice(0);
  });

  const body = { amount: '20', depositMethod: IDS.method, user: IDS.client };

  it('answers a contract endpoint with its typed reply and records what was sent (multipart as fields)', async () => {
    const sent = answer(createDeposit, () => ({ message: 'Deposit Successfully', deposit: makeTransaction() }));
    const reply = await call(createDeposit, { body }, { idempotencyKey: 'key-1' });
    expect(reply.deposit.amount).toBe(250.75);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual(body);
    expect(sent[0]?.request.headers.get('idempotency-key')).toBe('key-1');
    expect(apiProblems).toEqual([]);
  });

  it('refuses with the API error shape: the key, params, field keys and their English', async () => {
    answer(createDeposit, () =>
      refuse(422, {
        error: 'VALIDATION',
        key: 'validation.amountMin',
        params: { min: '$10.00' },
        fieldKeys: { amount: { key: 'validation.amountMin', params: { min: '$10.00' } } },
      }),
    );
    const error = await call(createDeposit, { body }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.code).toBe('VALIDATION');
    expect(apiError.message).toBe('Minimum amount is $10.00');
    expect(apiError.messageRef).toEqual({ key: 'validation.amountMin', params: { min: '$10.00' } });
    expect(apiError.fieldKeys).toEqual({ amount: { key: 'validation.amountMin', params: { min: '$10.00' } } });
  });

  it('makes the client fail an answer outside the contract', async () => {
    answer(getKycStatus, () => ({ nonsense: true }) as never);
    await expect(call(getKycStatus, { params: { userId: IDS.client } })).rejects.toThrow(
      /answered outside its contract/,
    );
  });

  it('records a body outside the contract as a problem of the test', async () => {
    answer(createDeposit, () => ({ message: 'ok', deposit: makeTransaction() }));
    await call(createDeposit, { body: { ...body, user: 'not-a-uuid' } }).catch(() => undefined);
    expect(apiProblems).toHaveLength(1);
    expect(apiProblems[0]).toMatch(/POST \/deposit: the app sent a body outside the contract/);
  });

  it('records a request no handler answers as a problem of the test, and the call fails', async () => {
    await expect(call(getKycStatus, { params: { userId: IDS.client } })).rejects.toBeInstanceOf(ApiError);
    expect(apiProblems).toEqual([`no handler answered GET /api${endpointPath(getKycStatus, { userId: IDS.client })}`]);
  });
});
