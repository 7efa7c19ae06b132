import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ZAuthResponse } from '@meridian/contracts/auth';
import { ZUnlockRequestList } from '@meridian/contracts/recovery';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { asUpload } from '../../../../test/helpers/bodies.ts';
import { buildSignedInApp, buildTestApp } from '../../../../test/helpers/build-app.ts';
import {
  createUser,
  PASSWORD,
  setUserFields,
  signedInUser,
  signIn,
  type TSignedIn,
} from '../../../../test/helpers/factories.ts';
import { makeImage, makePngWithScript } from '../../../../test/helpers/images.ts';
import { lastMailTo } from '../../../../test/helpers/outbox.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { passwordResetTokens, unlockRequests } from '../../../db/schema/recovery.ts';
import { users } from '../../../db/schema/users.ts';
import { sha256 } from '../../../lib/random.ts';
import { hashTempCode } from './recovery.service.ts';

const { t, app, admin } = await buildSignedInApp(['Admin']);
afterAll(() => t.close());
let png: Buffer;

beforeAll(async () => {
  png = await makeImage('png', 80);
});

const UNLOCK_SUBMITTED = 'Unlock request submitted. Please wait for admin approval.';
const PASSWORD_SUBMITTED = 'Password reset request submitted! Admin will review and send you a temporary login code.';
const CODE_PATTERN = /temporary login code is ([A-Z2-9]{6})\./;

type TKindPath = 'request' | 'forgot-password';

function submit(path: TKindPath, fields: Record<string, unknown>, image: Buffer | null = png) {
  const body = asUpload(
    fields,
    image ? [{ name: 'verificationImage', filename: 'me.png', content: image, contentType: 'image/png' }] : [],
  );
  return app.inject({ method: 'POST', url: `/api/unlock/${path}`, headers: body.headers, payload: body.payload });
}

const requestsOf = (userId: string) =>
  app.db.select().from(unlockRequests).where(eq(unlockRequests.userId, userId)).orderBy(desc(unlockRequests.createdAt));

async function pendingIdOf(userId: string): Promise<string> {
  const [row] = await app.db
    .select()
    .from(unlockRequests)
    .where(and(eq(unlockRequests.userId, userId), eq(unlockRequests.status, 'pending')));
  if (!row) throw new Error('no pending request');
  return row.id;
}

const decide = (decision: 'approve' | 'reject', id: string, as: TSignedIn = admin) =>
  app.inject({ method: 'PUT', url: `/api/unlock/${decision}/${id}`, headers: as.headers });

async function mailedCode(email: string): Promise<string> {
  const code = CODE_PATTERN.exec((await lastMailTo(app, email)).text)?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
}

const tempLogin = (email: string, tempCode: string) =>
  app.inject({ method: 'POST', url: '/api/unlock/temp-login', payload: { email, tempCode } });

const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

/** A client with an approved request; returns the emailed code. */
async function approvedClient(path: TKindPath = 'request') {
  const client = await createUser(app, 'Client');
  expect((await submit(path, { email: client.email })).statusCode).toBe(201);
  const id = await pendingIdOf(client.id);
  const res = await decide('approve', id);
  expect(res.statusCode, res.body).toBe(200);
  return { client, id, code: await mailedCode(client.email) };
}

async function lockOut(email: string) {
  for (let i = 1; i <= 5; i++) await login(email, `wrong-password-${i}`);
  expectApiError(await login(email, PASSWORD), 423, 'ACCOUNT_LOCKED');
}

describe('POST /api/unlock/request and /api/unlock/forgot-password', () => {
  it('stores a pending request with the re-encoded photo and answers the spec message', async () => {
    const client = await createUser(app, 'Client');
    const res = await submit('request', { email: client.email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: UNLOCK_SUBMITTED });
    const [row] = await requestsOf(client.id);
    expect(row).toMatchObject({ kind: 'unlock', status: 'pending', tempCodeHash: null });
    expect(row?.imageKey).toMatch(/^unlock\/[0-9a-f-]+\.png$/);
    const stored = await app.files.get(row?.imageKey ?? '');
    expect(stored?.contentType).toBe('image/png');
  });

  it('answers forgot-password with its own message and kind', async () => {
    const client = await createUser(app, 'Client');
    const res = await submit('forgot-password', { email: client.email });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: PASSWORD_SUBMITTED });
    expect((await requestsOf(client.id))[0]?.kind).toBe('password');
  });

  it('gives the same answer for an unknown email, an admin and a closed account, and stores nothing', async () => {
    const staff = await createUser(app, 'Admin');
    const closed = await createUser(app, 'Client', { closedAt: new Date() });
    const [before] = await app.db.select({ n: sql<number>`count(*)::int` }).from(unlockRequests);
    for (const email of ['nobody.here@example.com', staff.email, closed.email]) {
      for (const path of ['request', 'forgot-password'] as const) {
        const res = await submit(path, { email });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().message).toBe(path === 'request' ? UNLOCK_SUBMITTED : PASSWORD_SUBMITTED);
      }
    }
    const [after] = await app.db.select({ n: sql<number>`count(*)::int` }).from(unlockRequests);
    expect(after?.n).toBe(before?.n);
  });

  it('keeps one pending request per person: a second one replaces the photo (and the old file goes)', async () => {
    const client = await createUser(app, 'Client');
    await submit('request', { email: client.email });
    const [first] = await requestsOf(client.id);
    const res = await submit('forgot-password', { email: client.email }, await makeImage('jpeg', 40));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: PASSWORD_SUBMITTED });
    const rows = await requestsOf(client.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(first?.id);
    expect(rows[0]?.kind).toBe('password');
    expect(rows[0]?.imageKey).toMatch(/\.jpg$/);
    expect(await app.files.get(first?.imageKey ?? '')).toBeUndefined();
    expect(existsSync(join(app.config.FILES_DIR ?? '', rows[0]?.imageKey ?? ''))).toBe(true);
  });

  it('refuses a missing email or photo with the spec message', async () => {
    const client = await createUser(app, 'Client');
    const noImage = await submit('request', { email: client.email }, null);
    expectApiError(noImage, 400, 'VALIDATION', 'Please provide email and verification image');
    const noEmail = await submit('request', {});
    expectApiError(noEmail, 400, 'VALIDATION', 'Please provide email and verification image');
    expectApiError(await submit('request', { email: 'not-an-email' }), 400, 'VALIDATION', 'Invalid email address');
    expect(await requestsOf(client.id)).toHaveLength(0);
  });

  it('refuses a file that is not a clean image, whoever the email belongs to', async () => {
    const client = await createUser(app, 'Client');
    for (const email of [client.email, 'nobody.else@example.com']) {
      const res = await submit('request', { email }, await makePngWithScript());
      expectApiError(res, 400, 'VALIDATION');
      const text = await submit('request', { email }, Buffer.from('just text, not a picture'));
      expectApiError(text, 400, 'VALIDATION', 'Images must be JPG, PNG or WebP files');
    }
    expect(await requestsOf(client.id)).toHaveLength(0);
  });
});

describe('admin review: GET /api/unlock/requests, GET /api/unlock/:id/image', () => {
  it('lists pending requests oldest first with the person, kind and photo path', async () => {
    const first = await createUser(app, 'Client');
    const second = await createUser(app, 'Client');
    await submit('request', { email: first.email });
    await submit('forgot-password', { email: second.email });
    const res = await app.inject({ method: 'GET', url: '/api/unlock/requests', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const { requests } = ZUnlockRequestList.parse(res.json());
    const mine = requests.filter((r) => [first.id, second.id].includes(r.user.id));
    expect(mine.map((r) => [r.user.email, r.kind])).toEqual([
      [first.email, 'unlock'],
      [second.email, 'password'],
    ]);
    const times = requests.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(mine[0]?.imageUrl).toBe(`/unlock/${mine[0]?.id}/image`);

    const image = await app.inject({ method: 'GET', url: `/api${mine[0]?.imageUrl}`, headers: admin.headers });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('refuses clients, including the person who asked, and anonymous callers', async () => {
    const client = await createUser(app, 'Client');
    await submit('request', { email: client.email });
    const id = await pendingIdOf(client.id);
    const session = await signIn(app, client.email);
    for (const url of ['/api/unlock/requests', `/api/unlock/${id}/image`]) {
      const asClient = await app.inject({ method: 'GET', url, headers: session.headers });
      expectApiError(asClient, 403, 'FORBIDDEN');
      expect(asClient.body).not.toContain(client.email);
      expectApiError(await app.inject({ method: 'GET', url }), 401, 'UNAUTHORIZED');
    }
    for (const decision of ['approve', 'reject'] as const) {
      expectApiError(await decide(decision, id, session), 403, 'FORBIDDEN');
    }
    expect((await requestsOf(client.id))[0]?.status).toBe('pending');
  });

  it('answers 404 for an unknown request', async () => {
    const ghost = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const url = `/api/unlock/${ghost}/image`;
    expectApiError(await app.inject({ method: 'GET', url, headers: admin.headers }), 404, 'NOT_FOUND');
    expectApiError(await decide('approve', ghost), 404, 'NOT_FOUND');
    expectApiError(await decide('reject', ghost), 404, 'NOT_FOUND');
  });
});

describe('PUT /api/unlock/approve/:id and /api/unlock/reject/:id', () => {
  it('approves: a 6-character code is emailed, only its hash is stored, the audit has no code', async () => {
    const client = await createUser(app, 'Client');
    await submit('request', { email: client.email });
    const id = await pendingIdOf(client.id);
    const res = await decide('approve', id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Request approved and temporary code sent' });

    const mail = await lastMailTo(app, client.email);
    expect(mail.subject).toBe('Your temporary login code');
    const code = await mailedCode(client.email);
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);

    const [row] = await requestsOf(client.id);
    expect(row?.status).toBe('approved');
    expect(row?.tempCodeHash).toBe(hashTempCode(id, code));
    expect(JSON.stringify(row)).not.toContain(code);
    const ttl = (row?.tempCodeExpiresAt?.getTime() ?? 0) - (row?.reviewedAt?.getTime() ?? 0);
    expect(Math.round(ttl / 3_600_000)).toBe(24);

    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'unlock.approve'), eq(auditLog.entityId, id)));
    expect(audit).toMatchObject({ actorId: admin.id, targetUserId: client.id });
    expect(audit?.after).toMatchObject({ status: 'approved', kind: 'unlock' });
    expect(JSON.stringify(audit)).not.toContain(code);

    // Decided once: the list no longer shows it and a second decision is refused.
    const list = ZUnlockRequestList.parse(
      (await app.inject({ method: 'GET', url: '/api/unlock/requests', headers: admin.headers })).json(),
    );
    expect(list.requests.map((r) => r.id)).not.toContain(id);
    expectApiError(await decide('approve', id), 409, 'CONFLICT', 'This request has already been decided');
    expectApiError(await decide('reject', id), 409, 'CONFLICT');
  });

  it('rejects: the person is told by email, the audit records it, and no code exists', async () => {
    const client = await createUser(app, 'Client');
    await submit('forgot-password', { email: client.email });
    const id = await pendingIdOf(client.id);
    const res = await decide('reject', id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Request rejected' });
    const [row] = await requestsOf(client.id);
    expect(row).toMatchObject({ status: 'rejected', reviewedBy: admin.id, tempCodeHash: null });
    expect((await lastMailTo(app, client.email)).subject).toBe('Your password recovery request');
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'unlock.reject'), eq(auditLog.entityId, id)));
    expect(audit?.targetUserId).toBe(client.id);
    expectApiError(await decide('approve', id), 409, 'CONFLICT');
    // A new request may follow a rejection.
    expect((await submit('forgot-password', { email: client.email })).statusCode).toBe(201);
    expect(await requestsOf(client.id)).toHaveLength(2);
  });
});

describe('POST /api/unlock/temp-login', () => {
  it('a locked account cannot sign in with the right password until the code unlocks it', async () => {
    const client = await createUser(app, 'Client');
    await lockOut(client.email);
    await submit('request', { email: client.email });
    expectApiError(await login(client.email, PASSWORD), 423, 'ACCOUNT_LOCKED');
    await decide('approve', await pendingIdOf(client.id));
    // Approval alone does not unlock: only the code does.
    expectApiError(await login(client.email, PASSWORD), 423, 'ACCOUNT_LOCKED');
    const code = await mailedCode(client.email);

    const res = await tempLogin(client.email, code.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    const auth = ZAuthResponse.parse(res.json());
    expect(auth.user.id).toBe(client.id);
    expect(res.cookies.find((c) => c.name === 'meridian_refresh')?.httpOnly).toBe(true);
    const me = await app.inject({
      method: 'GET',
      url: `/api/client/${client.id}`,
      headers: { authorization: `Bearer ${auth.accessToken}` },
    });
    expect(me.statusCode).toBe(200);

    const [user] = await app.db.select().from(users).where(eq(users.id, client.id));
    expect(user).toMatchObject({ failedLogins: 0, lockedUntil: null });
    expect((await login(client.email, PASSWORD)).statusCode).toBe(200);
    // Single use.
    expectApiError(await tempLogin(client.email, code), 400, 'VALIDATION', 'Invalid temporary code');
  });

  it('signs in after a forgot-password approval too', async () => {
    const { client, code } = await approvedClient('forgot-password');
    expect((await tempLogin(client.email, code)).statusCode).toBe(200);
  });

  it('counts wrong codes: after 5 the code is dead, even the right one', async () => {
    const { client, id, code } = await approvedClient();
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 1; i <= 4; i++) {
      expectApiError(await tempLogin(client.email, wrong), 400, 'VALIDATION', 'Invalid temporary code');
    }
    expectApiError(
      await tempLogin(client.email, wrong),
      400,
      'VALIDATION',
      'Too many wrong codes. Please submit a new request.',
    );
    expectApiError(
      await tempLogin(client.email, code),
      400,
      'VALIDATION',
      'Too many wrong codes. Please submit a new request.',
    );
    const [row] = await app.db.select().from(unlockRequests).where(eq(unlockRequests.id, id));
    expect(row?.tempCodeAttempts).toBe(5);
    expect(row?.tempCodeUsedAt).toBeNull();
  });

  it('refuses an expired code', async () => {
    const { client, id, code } = await approvedClient();
    await app.db
      .update(unlockRequests)
      .set({ tempCodeExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(unlockRequests.id, id));
    expectApiError(
      await tempLogin(client.email, code),
      400,
      'VALIDATION',
      'The temporary code has expired. Please submit a new request.',
    );
  });

  it('answers an unknown email, a client without a request and a bad code alike', async () => {
    const client = await createUser(app, 'Client');
    for (const email of ['nobody.at.all@example.com', client.email]) {
      expectApiError(await tempLogin(email, 'ABC234'), 400, 'VALIDATION', 'Invalid temporary code');
    }
    const empty = await app.inject({
      method: 'POST',
      url: '/api/unlock/temp-login',
      payload: { email: client.email, tempCode: '  ' },
    });
    expectApiError(empty, 400, 'VALIDATION', 'Please enter the temporary code');
    expectApiError(await tempLogin(client.email, 'ABCDEFG'), 400, 'VALIDATION', 'The temporary code has 6 characters');
  });

  it('only the newest approved code counts', async () => {
    const { client, code: oldCode } = await approvedClient();
    await submit('request', { email: client.email });
    await decide('approve', await pendingIdOf(client.id));
    const newCode = await mailedCode(client.email);
    if (oldCode !== newCode) {
      expectApiError(await tempLogin(client.email, oldCode), 400, 'VALIDATION', 'Invalid temporary code');
    }
    expect((await tempLogin(client.email, newCode)).statusCode).toBe(200);
  });

  it('keeps the code of an inactive account unspent and refuses like sign-in does', async () => {
    const { client, id, code } = await approvedClient();
    await setUserFields(app, client.id, { isActive: false });
    expectApiError(await tempLogin(client.email, code), 403, 'ACCOUNT_INACTIVE');
    const [row] = await app.db.select().from(unlockRequests).where(eq(unlockRequests.id, id));
    expect(row?.tempCodeUsedAt).toBeNull();
  });
});

describe('password reset links', () => {
  const sendLink = (userId: string, as: TSignedIn = admin) =>
    app.inject({ method: 'POST', url: `/api/client/${userId}/password-reset`, headers: as.headers });
  const reset = (token: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/user/resetpswd', payload: { token, password } });

  async function mailedToken(email: string): Promise<string> {
    const link = /(http\S+\/reset-password\?token=(\S+))/.exec((await lastMailTo(app, email)).text);
    if (!link?.[2]) throw new Error('no link in the mail');
    return decodeURIComponent(link[2]);
  }

  it('emails a single-use link; only the hash is stored; the audit says so; the password changes', async () => {
    const client = await createUser(app, 'Client');
    const session = await signIn(app, client.email);
    const res = await sendLink(client.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Password reset link sent' });
    const mail = await lastMailTo(app, client.email);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('http://localhost/reset-password?token=');
    const token = await mailedToken(client.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, client.id));
    expect(row?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Math.round(((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000)).toBe(60);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.passwordReset'), eq(auditLog.targetUserId, client.id)));
    expect(audit?.actorId).toBe(admin.id);
    expect(JSON.stringify(audit)).not.toContain(token);

    const done = await reset(token, 'a brand new password');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: 'Password reset successful! Redirecting...' });
    expect((await login(client.email, 'a brand new password')).statusCode).toBe(200);
    expectApiError(await login(client.email, PASSWORD), 401, 'INVALID_CREDENTIALS');
    // Every earlier session ended.
    const old = await app.inject({ method: 'GET', url: `/api/client/${client.id}`, headers: session.headers });
    expect(old.statusCode).toBe(401);
    // A used link is refused.
    expectApiError(
      await reset(token, 'yet another password'),
      400,
      'VALIDATION',
      'This password reset link is invalid or has already been used',
    );
  });

  it('refuses an expired or unknown token, and a newer link retires the older one', async () => {
    const client = await createUser(app, 'Client');
    await sendLink(client.id);
    const first = await mailedToken(client.email);
    await sendLink(client.id);
    const second = await mailedToken(client.email);
    expectApiError(
      await reset(first, 'new password 1'),
      400,
      'VALIDATION',
      'This password reset link is invalid or has already been used',
    );
    await app.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.tokenHash, sha256(second)));
    expectApiError(
      await reset(second, 'new password 2'),
      400,
      'VALIDATION',
      'This password reset link has expired. Please ask for a new one.',
    );
    expectApiError(await reset('made-up-token', 'new password 3'), 400, 'VALIDATION');
    expect((await login(client.email, PASSWORD)).statusCode).toBe(200);
  });

  it('lifts a sign-in lock', async () => {
    const client = await createUser(app, 'Client');
    await lockOut(client.email);
    await sendLink(client.id);
    expect((await reset(await mailedToken(client.email), 'unlocked by reset')).statusCode).toBe(200);
    expect((await login(client.email, 'unlocked by reset')).statusCode).toBe(200);
  });

  it('is for admins, and only towards open client accounts', async () => {
    const client = await createUser(app, 'Client');
    const other = await signedInUser(app, 'Client');
    expectApiError(await sendLink(client.id, other), 403, 'FORBIDDEN');
    expectApiError(await sendLink(other.id, other), 403, 'FORBIDDEN');
    expectApiError(await sendLink(admin.id), 404, 'NOT_FOUND');
    const closed = await createUser(app, 'Client', { closedAt: new Date() });
    expectApiError(await sendLink(closed.id), 409, 'CONFLICT', 'This account is closed');
    const count = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, client.id));
    expect(count[0]?.n).toBe(0);
  });

  /** A reset link sent through `on` by a request that names evil.example as its host every way it can. */
  async function linkSentFromEvilHost(on: FastifyInstance): Promise<string> {
    const client = await createUser(app, 'Client');
    const res = await on.inject({
      method: 'POST',
      url: `/api/client/${client.id}/password-reset`,
      headers: {
        ...(await signIn(on, admin.email)).headers,
        host: 'evil.example',
        origin: 'http://evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const link = /(\S+)\/reset-password\?token=/.exec((await lastMailTo(app, client.email)).text);
    return link?.[1] ?? 'no link';
  }

  it('points the link at PUBLIC_URL, whatever host the request names', async () => {
    const other = await buildTestApp({ PUBLIC_URL: 'https://trade.example.com/' }, { sameDatabaseAs: t });
    try {
      expect(await linkSentFromEvilHost(other.app)).toBe('https://trade.example.com');
    } finally {
      await other.close();
    }
  });

  it('without PUBLIC_URL points the link at the listening address, never at the Host header', async () => {
    const other = await buildTestApp(
      { PUBLIC_URL: undefined, HOST: '0.0.0.0', PORT: 4321, TRUST_PROXY: ['127.0.0.1'] },
      { sameDatabaseAs: t },
    );
    try {
      expect(await linkSentFromEvilHost(other.app)).toBe('http://localhost:4321');
    } finally {
      await other.close();
    }
  });
});
