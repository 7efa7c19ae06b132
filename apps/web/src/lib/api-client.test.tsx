import { refresh } from '@meridian/contracts/endpoints/auth';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, makeAuth, refuse } from '@/test';
import { refreshSession } from './api-client';
import { session } from './session';

describe('refreshSession', () => {
  afterEach(() => session.clear());

  it('waits as long as a 429 asks and tries again, keeping the sign-in, never signing out', async () => {
    const signedIn = makeAuth('Client');
    session.set(signedIn);
    let calls = 0;
    const renewed = makeAuth('Client');
    const sent = answer(refresh, () =>
      ++calls === 1
        ? refuse(429, { error: 'RATE_LIMITED', key: 'errors.rateLimited' }, { 'retry-after': '1' })
        : renewed,
    );
    const started = Date.now();
    expect(await refreshSession()).toEqual(renewed);
    expect(sent).toHaveLength(2);
    // It waited the second the server asked for, and the sign-in stood all along.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(session.get()?.accessToken).toBe(renewed.accessToken);
  });

  it('signs out when the server says the sign-in is over', async () => {
    session.set(makeAuth('Client'));
    answer(refresh, () => refuse(401, { error: 'UNAUTHORIZED', key: 'errors.unauthorized' }));
    expect(await refreshSession()).toBeNull();
    expect(session.get()).toBeNull();
  });
});
