import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers/build-app.ts';
import { createUser, setUserFields, signedInUser, signIn, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { CallerCache } from './caller-cache.ts';

describe('CallerCache', () => {
  const caller = (id: string) => ({ id, type: 'Client' as const, sessionId: `s-${id}` });

  it('remembers a caller for its lifetime, never past the token’s expiry', () => {
    let now = 1_000;
    const cache = new CallerCache(500, 10, () => now);
    cache.set('a', caller('u1'), 10_000);
    cache.set('b', caller('u2'), 1_200);
    now = 1_199;
    expect(cache.get('a')?.id).toBe('u1');
    expect(cache.get('b')?.id).toBe('u2');
    now = 1_200;
    expect(cache.get('b')).toBeUndefined();
    now = 1_500;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets every token of a user at once', () => {
    const cache = new CallerCache(500, 10, () => 0);
    cache.set('a', caller('u1'), 1_000);
    cache.set('b', caller('u1'), 1_000);
    cache.set('c', caller('u2'), 1_000);
    cache.forgetUser('u1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.id).toBe('u2');
  });

  it('keeps at most its size, dropping the oldest', () => {
    const cache = new CallerCache(500, 2, () => 0);
    cache.set('a', caller('u1'), 1_000);
    cache.set('b', caller('u2'), 1_000);
    cache.set('c', caller('u3'), 1_000);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.id).toBe('u3');
  });

  it('remembers nothing when turned off', () => {
    const cache = new CallerCache(0, 10, () => 0);
    cache.set('a', caller('u1'), 1_000);
    expect(cache.get('a')).toBeUndefined();
  });
});

/**
 * Two server instances on one database with the same token key, each with its cache (the default
 * lifetime, 500 ms). What one instance changes, it refuses at once; the other refuses within a
 * second (docs/security.md, "Sessions").
 */
describe('a cached caller on two server instances', () => {
  const secret = randomBytes(32).toString('hex');
  let one: TestApp;
  let two: TestApp;
  let admin: TSignedIn;
  beforeAll(async () => {
    one = await buildTestApp({ JWT_SECRET: secret });
    two = await buildTestApp({ JWT_SECRET: secret }, { sameDatabaseAs: one });
    admin = await signedInUser(one.app, 'Admin');
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  const balance = (t: TestApp, who: TSignedIn) =>
    t.app.inject({ method: 'GET', url: `/api/balance/${who.id}`, headers: who.headers });

  /** Milliseconds until `t` refuses `who` (401), polling every 25 ms for at most 3 s. */
  async function msUntilRefused(t: TestApp, who: TSignedIn, since: number): Promise<number> {
    for (;;) {
      const res = await balance(t, who);
      if (res.statusCode === 401) return performance.now() - since;
      expect(res.statusCode).toBe(200);
      if (performance.now() - since > 3_000) return Number.POSITIVE_INFINITY;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** A client signed in on instance one whose token both instances have just accepted (and cached). */
  async function cachedOnBoth(): Promise<TSignedIn> {
    const client = await signIn(one.app, (await createUser(one.app, 'Client')).email);
    expect((await balance(one, client)).statusCode).toBe(200);
    expect((await balance(two, client)).statusCode).toBe(200);
    return client;
  }

  it('serves repeated requests without reading the session again', async () => {
    const client = await cachedOnBoth();
    // Revoked behind the app's back (by hand in the database): the cache answers until its entry ends.
    await one.app.db.execute(sql`update session_families set revoked_at = now() where user_id = ${client.id}`);
    const revokedAt = performance.now();
    expect((await balance(one, client)).statusCode).toBe(200);
    expect(await msUntilRefused(one, client, revokedAt)).toBeLessThanOrEqual(1_000);
    expect(await msUntilRefused(two, client, revokedAt)).toBeLessThanOrEqual(1_000);
  });

  it('a sign-out: refused at once by its instance, within 1 s by the other', async () => {
    const client = await cachedOnBoth();
    const res = await one.app.inject({ method: 'GET', url: '/api/logout', headers: client.headers });
    expect(res.statusCode).toBe(200);
    const signedOutAt = performance.now();
    expect((await balance(one, client)).statusCode).toBe(401);
    expect(await msUntilRefused(two, client, signedOutAt)).toBeLessThanOrEqual(1_000);
  });

  it('a deactivated client: refused at once by the admin’s instance, within 1 s by the other', async () => {
    const client = await cachedOnBoth();
    const res = await one.app.inject({
      method: 'POST',
      url: `/api/user/deactivate/${client.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const deactivatedAt = performance.now();
    expect((await balance(one, client)).statusCode).toBe(401);
    expect(await msUntilRefused(two, client, deactivatedAt)).toBeLessThanOrEqual(1_000);
  });

  it('a client whose password an admin changed: refused at once there, within 1 s elsewhere', async () => {
    const client = await cachedOnBoth();
    const res = await one.app.inject({
      method: 'POST',
      url: `/api/user/changepswd/${client.id}`,
      headers: admin.headers,
      payload: { password: 'An0ther-Passw0rd!' },
    });
    expect(res.statusCode).toBe(200);
    const changedAt = performance.now();
    expect((await balance(one, client)).statusCode).toBe(401);
    expect(await msUntilRefused(two, client, changedAt)).toBeLessThanOrEqual(1_000);
  });

  it('a changed role: an Admin made Support loses the money records within 1 s on both', async () => {
    const demoted = await signedInUser(one.app, 'Admin');
    const adminList = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/deposit', headers: demoted.headers });
    expect((await adminList(one)).statusCode).toBe(200);
    expect((await adminList(two)).statusCode).toBe(200);
    await setUserFields(one.app, demoted.id, { staffRole: 'Support' });
    const changedAt = performance.now();
    for (const t of [one, two]) {
      let refusedAfter = Number.POSITIVE_INFINITY;
      while (performance.now() - changedAt < 3_000) {
        if ((await adminList(t)).statusCode === 403) {
          refusedAfter = performance.now() - changedAt;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(refusedAfter).toBeLessThanOrEqual(1_000);
    }
  });
});
