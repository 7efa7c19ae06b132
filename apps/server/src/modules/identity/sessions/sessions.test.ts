import { ZSessionList, ZSessionsEnded } from '@meridian/contracts/sessions';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildTestApp } from '../../../../test/helpers/build-app.ts';
import { createUser, PASSWORD, signedInUser, signIn, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { sessionFamilies } from '../../../db/schema/sessions.ts';
import { describeUserAgent } from './sessions.mapper.ts';

const t = await buildTestApp();
const app = t.app;
afterAll(() => t.close());

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_SAFARI =
  'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1';

/** Signs in from a browser of its own: its user agent and address are kept on the session. */
async function signInFrom(email: string, userAgent: string, ip = '203.0.113.7'): Promise<TSignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'meridian_refresh');
  if (!cookie) throw new Error('no refresh cookie');
  const { user, accessToken } = res.json<{ user: { id: string }; accessToken: string }>();
  return {
    id: user.id,
    email,
    token: accessToken,
    cookie: `meridian_refresh=${cookie.value}`,
    headers: { authorization: `Bearer ${accessToken}` },
  };
}

const list = async (as: TSignedIn) => {
  const res = await app.inject({ method: 'GET', url: '/api/sessions', headers: as.headers });
  expect(res.statusCode, res.body).toBe(200);
  return ZSessionList.parse(res.json()).sessions;
};
const endOne = (as: TSignedIn, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/sessions/${id}`, headers: { ...as.headers, cookie: as.cookie } });
const endOthers = (as: TSignedIn) =>
  app.inject({ method: 'POST', url: '/api/sessions/end-others', headers: as.headers });
const me = (as: TSignedIn) => app.inject({ method: 'GET', url: `/api/client/${as.id}`, headers: as.headers });
const refresh = (as: TSignedIn) => app.inject({ method: 'GET', url: '/api/refresh', headers: { cookie: as.cookie } });

/** The session a token belongs to, as the caller's own list marks it. */
const currentIdOf = async (as: TSignedIn) => {
  const current = (await list(as)).find((s) => s.current);
  if (!current) throw new Error('no current session');
  return current.id;
};

const familyRow = async (id: string) => {
  const [row] = await app.db.select().from(sessionFamilies).where(eq(sessionFamilies.id, id));
  if (!row) throw new Error('no such session');
  return row;
};
const backdateLastUse = (id: string) =>
  app.db
    .update(sessionFamilies)
    .set({ lastUsedAt: sql`now() - interval '10 minutes'` })
    .where(eq(sessionFamilies.id, id));

describe('describeUserAgent', () => {
  it('names the browser with its major version, the system and the kind of device', () => {
    expect(describeUserAgent(WINDOWS_CHROME)).toEqual({ browser: 'Chrome 126', os: 'Windows', device: 'desktop' });
    expect(describeUserAgent(IPHONE_SAFARI)).toEqual({ browser: 'Safari 17', os: 'iOS 17', device: 'mobile' });
    expect(describeUserAgent(IPAD_SAFARI)).toEqual({ browser: 'Safari 16', os: 'iOS 16', device: 'tablet' });
  });
  it('names nothing for an empty or unknown user agent', () => {
    expect(describeUserAgent('')).toEqual({ browser: '', os: '', device: 'unknown' });
    expect(describeUserAgent('curl/8.0').device).toBe('unknown');
  });
});

describe('the caller’s own sessions', () => {
  it('lists both sign-ins with their device, address and method, the current one marked', async () => {
    const client = await createUser(app, 'Client');
    const desktop = await signInFrom(client.email, WINDOWS_CHROME, '198.51.100.4');
    const phone = await signInFrom(client.email, IPHONE_SAFARI, '203.0.113.9');

    const sessions = await list(phone);
    expect(sessions).toHaveLength(2);
    // Most recently used first: the phone signed in last.
    expect(sessions[0]).toMatchObject({
      browser: 'Safari 17',
      os: 'iOS 17',
      device: 'mobile',
      userAgent: IPHONE_SAFARI,
      ip: '203.0.113.9',
      method: 'password',
      secondFactor: null,
      current: true,
    });
    expect(sessions[1]).toMatchObject({
      browser: 'Chrome 126',
      os: 'Windows',
      device: 'desktop',
      ip: '198.51.100.4',
      current: false,
    });
    // Each sees its own as current.
    expect((await list(desktop)).find((s) => s.current)?.id).toBe(sessions[1]?.id);
  });

  it('ends one: its access token is refused at once, its refresh token too; the other goes on', async () => {
    const client = await createUser(app, 'Client');
    const laptop = await signInFrom(client.email, WINDOWS_CHROME);
    const phone = await signInFrom(client.email, IPHONE_SAFARI);
    const phoneId = await currentIdOf(phone);
    // The phone's token is in this server's caller cache now.
    expect((await me(phone)).statusCode).toBe(200);

    const res = await endOne(laptop, phoneId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Session ended' });

    expectApiError(await me(phone), 401, 'UNAUTHORIZED');
    expectApiError(await refresh(phone), 401, 'UNAUTHORIZED');
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await list(laptop)).map((s) => s.id)).not.toContain(phoneId);
    expect((await familyRow(phoneId)).revokedReason).toBe('ended by user');

    // Already ended: 404.
    expectApiError(await endOne(laptop, phoneId), 404, 'NOT_FOUND');
  });

  it('ends the current one like signing out: the token stops and the cookie is cleared', async () => {
    const client = await createUser(app, 'Client');
    const session = await signInFrom(client.email, WINDOWS_CHROME);
    const res = await endOne(session, await currentIdOf(session));
    expect(res.statusCode, res.body).toBe(200);
    const cleared = res.cookies.find((c) => c.name === 'meridian_refresh');
    expect(cleared?.value).toBe('');
    expectApiError(await me(session), 401, 'UNAUTHORIZED');
    expectApiError(await refresh(session), 401, 'UNAUTHORIZED');
  });

  it('ends all others and keeps the current one, answering how many ended', async () => {
    const client = await createUser(app, 'Client');
    const others = [await signInFrom(client.email, IPHONE_SAFARI), await signInFrom(client.email, IPAD_SAFARI)];
    const kept = await signInFrom(client.email, WINDOWS_CHROME);

    const res = await endOthers(kept);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZSessionsEnded.parse(res.json())).toEqual({ message: 'Other sessions ended: 2', count: 2 });
    for (const other of others) {
      expectApiError(await me(other), 401, 'UNAUTHORIZED');
      expectApiError(await refresh(other), 401, 'UNAUTHORIZED');
    }
    expect((await me(kept)).statusCode).toBe(200);
    const left = await list(kept);
    expect(left).toHaveLength(1);
    expect(left[0]?.current).toBe(true);
    // Nothing else to end.
    expect((await endOthers(kept)).json()).toMatchObject({ count: 0 });
  });

  it('cannot end another user’s session (404, and it goes on)', async () => {
    const owner = await signedInUser(app, 'Client');
    const stranger = await signedInUser(app, 'Client');
    const ownerId = await currentIdOf(owner);
    expectApiError(await endOne(stranger, ownerId), 404, 'NOT_FOUND');
    expect((await me(owner)).statusCode).toBe(200);
    expect((await familyRow(ownerId)).revokedAt).toBeNull();
    // A malformed id names nothing (refused as the input it is, with the same words).
    expectApiError(await endOne(stranger, 'not-a-uuid'), 400, 'VALIDATION', 'Not found');
  });

  it('leaves out sessions whose refresh token has expired', async () => {
    const client = await createUser(app, 'Client');
    const old = await signInFrom(client.email, IPHONE_SAFARI);
    const oldId = await currentIdOf(old);
    const now = await signInFrom(client.email, WINDOWS_CHROME);
    await app.db.execute(
      sql`update refresh_tokens set expires_at = now() - interval '1 second' where family_id = ${oldId}`,
    );
    expect((await list(now)).map((s) => s.id)).not.toContain(oldId);
  });

  it('lets admins and agents see and end their own sessions', async () => {
    for (const type of ['Admin', 'Agent'] as const) {
      const user = await createUser(app, type);
      // Through the shared helper, which passes an admin's second factor where one is asked.
      const first = await signIn(app, user.email);
      const second = await signIn(app, user.email);
      expect(await list(second)).toHaveLength(2);
      expect((await endOthers(second)).json()).toMatchObject({ count: 1 });
      const res = await app.inject({ method: 'GET', url: '/api/sessions', headers: first.headers });
      expectApiError(res, 401, 'UNAUTHORIZED');
    }
  });
});

describe('last use', () => {
  it('is bumped by a refresh when over a minute old', async () => {
    const client = await createUser(app, 'Client');
    const session = await signInFrom(client.email, WINDOWS_CHROME);
    const id = await currentIdOf(session);
    await backdateLastUse(id);
    const before = (await familyRow(id)).lastUsedAt;
    expect((await refresh(session)).statusCode).toBe(200);
    const after = (await familyRow(id)).lastUsedAt;
    expect(after.getTime()).toBeGreaterThan(before.getTime() + 9 * 60_000);
  });

  it('is bumped by a request that reads the caller from the database, at most once a minute', async () => {
    const client = await createUser(app, 'Client');
    const session = await signInFrom(client.email, WINDOWS_CHROME);
    const [family] = await app.db
      .select({ id: sessionFamilies.id })
      .from(sessionFamilies)
      .where(and(eq(sessionFamilies.userId, client.id)));
    if (!family) throw new Error('no session');
    await backdateLastUse(family.id);
    const tenMinutesAgo = (await familyRow(family.id)).lastUsedAt.getTime();

    expect((await me(session)).statusCode).toBe(200);
    // Written in the background, after the answer.
    await expect
      .poll(async () => (await familyRow(family.id)).lastUsedAt.getTime(), { timeout: 5000 })
      .toBeGreaterThan(tenMinutesAgo + 9 * 60_000);

    // Within the minute, requests write nothing more (this server does not even send the update).
    await backdateLastUse(family.id);
    const backdated = (await familyRow(family.id)).lastUsedAt.getTime();
    await new Promise((resolve) => setTimeout(resolve, app.config.AUTH_CACHE_MS + 50));
    expect((await me(session)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await familyRow(family.id)).lastUsedAt.getTime()).toBe(backdated);
  });
});

describe('an admin and a client’s sessions', () => {
  it('lists a client’s sessions and ends them all with a reason, audited; the client’s tokens stop', async () => {
    const admin = await signedInUser(app, 'Admin');
    const client = await createUser(app, 'Client');
    const phone = await signInFrom(client.email, IPHONE_SAFARI);
    const laptop = await signInFrom(client.email, WINDOWS_CHROME);
    expect((await me(phone)).statusCode).toBe(200);

    const listed = await app.inject({
      method: 'GET',
      url: `/api/admin/client/${client.id}/sessions`,
      headers: admin.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const sessions = ZSessionList.parse(listed.json()).sessions;
    expect(sessions.map((s) => s.device)).toEqual(['desktop', 'mobile']);
    expect(sessions.every((s) => !s.current)).toBe(true);

    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/client/${client.id}/sessions/end`,
      headers: admin.headers,
      payload: { reason: '  Client reported a stolen phone  ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Sessions of the client ended: 2', count: 2 });
    for (const session of [phone, laptop]) {
      expectApiError(await me(session), 401, 'UNAUTHORIZED');
      expectApiError(await refresh(session), 401, 'UNAUTHORIZED');
    }

    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, client.id), eq(auditLog.action, 'client.sessionsEnd')));
    expect(entry).toMatchObject({
      actorId: admin.id,
      entityType: 'user',
      entityId: client.id,
      after: { sessionsEnded: 2 },
      reason: 'Client reported a stolen phone',
    });
    const after = await app.inject({
      method: 'GET',
      url: `/api/admin/client/${client.id}/sessions`,
      headers: admin.headers,
    });
    expect(ZSessionList.parse(after.json()).sessions).toEqual([]);
  });

  it('requires a reason', async () => {
    const admin = await signedInUser(app, 'Admin');
    const client = await signedInUser(app, 'Client');
    for (const payload of [{}, { reason: '   ' }]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/client/${client.id}/sessions/end`,
        headers: admin.headers,
        payload,
      });
      const error = expectApiError(res, 400, 'VALIDATION');
      expect(error.fieldErrors?.reason).toBe('A reason is required');
    }
    expect((await me(client)).statusCode).toBe(200);
  });

  it('answers 404 for an id that is not an open client', async () => {
    const admin = await signedInUser(app, 'Admin');
    const otherAdmin = await createUser(app, 'Admin');
    for (const id of ['7c9e6679-7425-40de-944b-e07fc1f90ae7', otherAdmin.id]) {
      const listed = await app.inject({
        method: 'GET',
        url: `/api/admin/client/${id}/sessions`,
        headers: admin.headers,
      });
      expectApiError(listed, 404, 'NOT_FOUND');
      const ended = await app.inject({
        method: 'POST',
        url: `/api/admin/client/${id}/sessions/end`,
        headers: admin.headers,
        payload: { reason: 'Checking' },
      });
      expectApiError(ended, 404, 'NOT_FOUND');
    }
  });

  it('is not for clients', async () => {
    const client = await signedInUser(app, 'Client');
    const listed = await app.inject({
      method: 'GET',
      url: `/api/admin/client/${client.id}/sessions`,
      headers: client.headers,
    });
    expectApiError(listed, 403, 'FORBIDDEN');
    const ended = await app.inject({
      method: 'POST',
      url: `/api/admin/client/${client.id}/sessions/end`,
      headers: client.headers,
      payload: { reason: 'Mine' },
    });
    expectApiError(ended, 403, 'FORBIDDEN');
    expect((await me(client)).statusCode).toBe(200);
  });
});
