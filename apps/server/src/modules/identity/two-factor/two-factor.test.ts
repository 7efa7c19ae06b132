import { LOGIN_MAX_ATTEMPTS } from '@meridian/contracts/constants';
import { and, desc, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/helpers/build-app.ts';
import { createUser, PASSWORD, signIn, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { lastMailTo } from '../../../../test/helpers/outbox.ts';
import { createUnlockRequest, placeTempCode } from '../../../../test/helpers/recovery-fixtures.ts';
import { stepNow, totpCode } from '../../../../test/helpers/two-factor.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { recoveryCodes, twoFactor } from '../../../db/schema/security.ts';
import { sessionFamilies } from '../../../db/schema/sessions.ts';
import { users } from '../../../db/schema/users.ts';

const t = await buildTestApp({ JWT_SECRET: 'a-test-secret-of-at-least-32-characters!!' });
const app = t.app;
afterAll(() => t.close());

const auth = (s: TSignedIn) => ({ authorization: `Bearer ${s.token}` });

async function passwordStep(email: string, remember = false) {
  return app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD, remember } });
}

function secondStep(challenge: string, code: string) {
  return app.inject({ method: 'POST', url: '/api/login/second-factor', payload: { challenge, code } });
}

/** POSTs a code to one of the signed-in user's two-factor actions. */
function submitCode(
  action: 'confirm' | 'disable' | 'recovery-codes',
  headers: { authorization: string },
  code: string | undefined,
) {
  return app.inject({ method: 'POST', url: `/api/user/two-factor/${action}`, headers, payload: { code } });
}

/** The session family a user's latest sign-in opened. */
async function latestSessionFamily(userId: string) {
  const [family] = await app.db
    .select()
    .from(sessionFamilies)
    .where(eq(sessionFamilies.userId, userId))
    .orderBy(desc(sessionFamilies.createdAt))
    .limit(1);
  return family;
}

/** A client signed in, who then turns two-factor sign-in on: their secret and recovery codes. */
async function enrolledClient() {
  const user = await createUser(app, 'Client');
  const session = await signIn(app, user.email);
  const setup = await app.inject({ method: 'POST', url: '/api/user/two-factor/setup', headers: auth(session) });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUri, qrCode } = setup.json<{ secret: string; otpauthUri: string; qrCode: string }>();
  expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Meridian:/);
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const plain = secret.replace(/ /g, '');
  const step = stepNow();
  const confirm = await submitCode('confirm', auth(session), totpCode(plain, step));
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { recoveryCodes: codes } = confirm.json<{ recoveryCodes: string[] }>();
  return { ...user, session, secret: plain, codes, step };
}

async function challengeOf(email: string, remember = false): Promise<string> {
  const res = await passwordStep(email, remember);
  expect(res.statusCode).toBe(200);
  const body = res.json<{ secondFactorRequired?: boolean; challenge?: string; accessToken?: string }>();
  expect(body.secondFactorRequired).toBe(true);
  expect(body.accessToken).toBeUndefined();
  expect(res.cookies.find((c) => c.name === 'meridian_refresh')).toBeUndefined();
  return body.challenge ?? '';
}

describe('enrolment', () => {
  it('answers a secret, turns on with a first code and answers 10 recovery codes once, stored hashed', async () => {
    const client = await enrolledClient();
    expect(client.codes).toHaveLength(10);
    for (const code of client.codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    const stored = await app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, client.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(client.codes).not.toContain(row.codeHash);
    const status = await app.inject({ method: 'GET', url: '/api/user/two-factor', headers: auth(client.session) });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false, sessionVerified: true });
    // Set-up again once on: refused, and the secret stays.
    const again = await app.inject({
      method: 'POST',
      url: '/api/user/two-factor/setup',
      headers: auth(client.session),
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a wrong first code and keeps it off', async () => {
    const user = await createUser(app, 'Client');
    const session = await signIn(app, user.email);
    await app.inject({ method: 'POST', url: '/api/user/two-factor/setup', headers: auth(session) });
    const res = await submitCode('confirm', auth(session), '000000');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ key: 'two-factor.codeInvalid', fieldErrors: { code: 'Invalid code' } });
    const bad = await submitCode('confirm', auth(session), '12ab');
    expect(bad.json()).toMatchObject({ fieldKeys: { code: { key: 'two-factor.codeFormat' } } });
    const [row] = await app.db.select().from(twoFactor).where(eq(twoFactor.userId, user.id));
    expect(row?.enabledAt).toBeNull();
    expect((await passwordStep(user.email)).json()).toHaveProperty('accessToken');
  });
});

describe('sign-in', () => {
  it('asks for the second factor after the right password, then issues the session with the code', async () => {
    const client = await enrolledClient();
    const challenge = await challengeOf(client.email, true);
    const res = await secondStep(challenge, totpCode(client.secret, client.step + 1));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ roles: 'Client', user: { id: client.id } });
    const cookie = res.cookies.find((c) => c.name === 'meridian_refresh');
    expect(cookie?.expires).toBeInstanceOf(Date);
    const family = await latestSessionFamily(client.id);
    expect(family).toMatchObject({ method: 'password', secondFactor: 'totp' });
  });

  it('never takes a code twice, nor the code of an earlier step', async () => {
    const client = await enrolledClient();
    const code = totpCode(client.secret, client.step + 1);
    expect((await secondStep(await challengeOf(client.email), code)).statusCode).toBe(200);
    const replay = await secondStep(await challengeOf(client.email), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ key: 'two-factor.codeInvalid', attemptsRemaining: LOGIN_MAX_ATTEMPTS - 1 });
    // The enrolment's step is used too.
    const older = await secondStep(await challengeOf(client.email), totpCode(client.secret, client.step));
    expect(older.statusCode).toBe(401);
  });

  it('takes a recovery code once, in any case and without its dash', async () => {
    const client = await enrolledClient();
    const [first = '', second = ''] = client.codes;
    const res = await secondStep(await challengeOf(client.email), first.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    const family = await latestSessionFamily(client.id);
    expect(family?.secondFactor).toBe('recovery-code');
    expect((await secondStep(await challengeOf(client.email), first)).statusCode).toBe(401);
    expect((await secondStep(await challengeOf(client.email), second.replace('-', ''))).statusCode).toBe(200);
    const status = await app.inject({ method: 'GET', url: '/api/user/two-factor', headers: auth(client.session) });
    expect(status.json()).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it('locks the account after 5 wrong codes; the right code is then refused with 423', async () => {
    const client = await enrolledClient();
    const challenge = await challengeOf(client.email);
    for (let i = 1; i < LOGIN_MAX_ATTEMPTS; i++) {
      const res = await secondStep(challenge, '000000');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ attemptsRemaining: LOGIN_MAX_ATTEMPTS - i });
    }
    const last = await secondStep(challenge, 'zzzz-zzzz');
    expect(last.statusCode).toBe(423);
    expect(last.json()).toMatchObject({ error: 'ACCOUNT_LOCKED', key: 'errors.accountLocked' });
    const right = await secondStep(challenge, totpCode(client.secret, client.step + 1));
    expect(right.statusCode).toBe(423);
    // The password step answers the same lock.
    expect((await passwordStep(client.email)).statusCode).toBe(423);
  });

  it('refuses a forged, expired or misused challenge', async () => {
    const client = await enrolledClient();
    const code = totpCode(client.secret, client.step + 1);
    const key = new TextEncoder().encode('a-test-secret-of-at-least-32-characters!!');
    const sign = (claims: Record<string, unknown>, exp: string, audience = 'meridian:second-factor') =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(client.id)
        .setIssuer('meridian')
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(key);
    const expired = await sign({ pur: 'second-factor', mth: 'password', rem: false }, '-1s');
    const forged = await new SignJWT({ pur: 'second-factor', mth: 'password', rem: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(client.id)
      .setIssuer('meridian')
      .setAudience('meridian:second-factor')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-of-at-least-32-characters'));
    const otherPurpose = await sign({ pur: 'reset', mth: 'password', rem: false }, '5m');
    for (const challenge of [expired, forged, otherPurpose, client.session.token]) {
      const res = await secondStep(challenge, code);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ key: 'two-factor.challengeExpired' });
    }
    // A challenge is no access token either.
    const challenge = await challengeOf(client.email);
    const asBearer = await app.inject({
      method: 'GET',
      url: '/api/user/two-factor',
      headers: { authorization: `Bearer ${challenge}` },
    });
    expect(asBearer.statusCode).toBe(401);
    // Nothing was spent or counted.
    expect((await secondStep(challenge, code)).statusCode).toBe(200);
  });

  it('spends a challenge on its first success: the next step’s code or a recovery code cannot reuse it', async () => {
    const client = await enrolledClient();
    const challenge = await challengeOf(client.email);
    const first = await secondStep(challenge, totpCode(client.secret, client.step + 1));
    expect(first.statusCode, first.body).toBe(200);
    const [recovery = ''] = client.codes;
    for (const code of [totpCode(client.secret, client.step + 2), recovery]) {
      const again = await secondStep(challenge, code);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ error: 'UNAUTHORIZED', key: 'two-factor.challengeExpired' });
      expect(again.cookies.find((c) => c.name === 'meridian_refresh')).toBeUndefined();
    }
    const families = await app.db.select().from(sessionFamilies).where(eq(sessionFamilies.userId, client.id));
    // The enrolment's session and the one the challenge opened; the refused codes stay unspent.
    expect(families).toHaveLength(2);
    const status = await app.inject({ method: 'GET', url: '/api/user/two-factor', headers: auth(client.session) });
    expect(status.json()).toMatchObject({ recoveryCodesLeft: 10 });
    expect((await secondStep(await challengeOf(client.email), recovery)).statusCode).toBe(200);
  });

  it('opens one session when the same challenge arrives twice at once', async () => {
    const client = await enrolledClient();
    const challenge = await challengeOf(client.email);
    const [recovery = ''] = client.codes;
    const answers = await Promise.all([
      secondStep(challenge, totpCode(client.secret, client.step + 1)),
      secondStep(challenge, recovery),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    const refused = answers.find((a) => a.statusCode === 401);
    expect(refused?.json()).toMatchObject({ key: 'two-factor.challengeExpired' });
    const families = await app.db.select().from(sessionFamilies).where(eq(sessionFamilies.userId, client.id));
    expect(families).toHaveLength(2);
  });

  it('asks for the second factor after a temporary code too', async () => {
    const request = await createUnlockRequest(app);
    const session = await signIn(app, request.email);
    await app.inject({ method: 'POST', url: '/api/user/two-factor/setup', headers: auth(session) });
    const [row] = await app.db.select().from(twoFactor).where(eq(twoFactor.userId, request.userId));
    const secret = row?.secret ?? '';
    const step = stepNow();
    await submitCode('confirm', auth(session), totpCode(secret, step));
    await placeTempCode(app, request.id, 'ABC234');
    const res = await app.inject({
      method: 'POST',
      url: '/api/unlock/temp-login',
      payload: { email: request.email, tempCode: 'ABC234' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ challenge?: string; accessToken?: string }>();
    expect(body.accessToken).toBeUndefined();
    const done = await secondStep(body.challenge ?? '', totpCode(secret, step + 1));
    expect(done.statusCode, done.body).toBe(200);
    const family = await latestSessionFamily(request.userId);
    expect(family).toMatchObject({ method: 'code', secondFactor: 'totp' });
  });
});

describe('turning it off and new recovery codes', () => {
  it('a client turns it off with a current code; a wrong code counts towards the lock', async () => {
    const client = await enrolledClient();
    const wrong = await submitCode('disable', auth(client.session), '000000');
    expect(wrong.statusCode).toBe(400);
    const [user] = await app.db.select().from(users).where(eq(users.id, client.id));
    expect(user?.failedLogins).toBe(1);
    const res = await submitCode('disable', auth(client.session), totpCode(client.secret, client.step + 1));
    expect(res.statusCode, res.body).toBe(200);
    expect(await app.db.$count(recoveryCodes, eq(recoveryCodes.userId, client.id))).toBe(0);
    expect((await passwordStep(client.email)).json()).toHaveProperty('accessToken');
  });

  it('a client turns it off with a recovery code, and gets new recovery codes with a code', async () => {
    const client = await enrolledClient();
    const renewed = await submitCode('recovery-codes', auth(client.session), totpCode(client.secret, client.step + 1));
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    const old = await submitCode('disable', auth(client.session), client.codes[0]);
    expect(old.statusCode).toBe(400);
    const res = await submitCode('disable', auth(client.session), fresh[0]);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('an admin cannot turn it off', async () => {
    const admin = await createUser(app, 'Admin');
    const session = await signIn(app, admin.email);
    const res = await submitCode('disable', auth(session), totpCode(admin.totpSecret ?? '', stepNow() + 1));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ key: 'two-factor.adminCannotDisable' });
    expect(await app.db.$count(twoFactor, eq(twoFactor.userId, admin.id))).toBe(1);
  });
});

describe('admins', () => {
  it('an admin without a second factor gets a session that opens enrolment only, then the back office', async () => {
    const admin = await createUser(app, 'Admin');
    await app.db.delete(twoFactor).where(eq(twoFactor.userId, admin.id));
    const client = await createUser(app, 'Client');
    const first = await passwordStep(admin.email);
    const { accessToken } = first.json<{ accessToken: string }>();
    const headers = { authorization: `Bearer ${accessToken}` };

    const backOffice = await app.inject({ method: 'GET', url: '/api/admin/audit', headers });
    expect(backOffice.statusCode).toBe(403);
    expect(backOffice.json()).toMatchObject({ error: 'SECOND_FACTOR_REQUIRED', key: 'two-factor.required' });
    // Nor through the client scope, on another user's records or on their own.
    for (const url of [`/api/client/${client.id}`, `/api/client/${admin.id}`]) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'SECOND_FACTOR_REQUIRED' });
    }
    const otherPassword = await app.inject({
      method: 'POST',
      url: `/api/user/changepswd/${client.id}`,
      headers,
      payload: { password: 'a new password 1' },
    });
    expect(otherPassword.statusCode).toBe(403);

    const status = await app.inject({ method: 'GET', url: '/api/user/two-factor', headers });
    expect(status.json()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: true, sessionVerified: false });
    const setup = await app.inject({ method: 'POST', url: '/api/user/two-factor/setup', headers });
    const secret = setup.json<{ secret: string }>().secret.replace(/ /g, '');
    const confirm = await submitCode('confirm', headers, totpCode(secret));
    expect(confirm.statusCode, confirm.body).toBe(200);
    // The same session goes on into the back office.
    expect((await app.inject({ method: 'GET', url: '/api/admin/audit', headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/user/two-factor', headers })).json()).toMatchObject({
      enabled: true,
      sessionVerified: true,
    });
    // The next sign-in asks for the code.
    await challengeOf(admin.email);
  });

  it('resets a client’s second factor with a reason: audited, emailed; an empty reason is refused', async () => {
    const client = await enrolledClient();
    const admin = await signIn(app, (await createUser(app, 'Admin')).email);
    const url = `/api/client/${client.id}/two-factor`;
    const reset = (headers: { authorization: string }, reason: string) =>
      app.inject({ method: 'POST', url: `${url}/reset`, headers, payload: { reason } });
    expect((await app.inject({ method: 'GET', url, headers: admin.headers })).json()).toEqual({ enabled: true });

    const empty = await reset(admin.headers, ' ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fieldKeys: { reason: { key: 'validation.reasonRequired' } } });
    // A client cannot, not even their own.
    const own = await reset(auth(client.session), 'lost phone');
    expect(own.statusCode).toBe(403);

    const res = await reset(admin.headers, 'Lost phone, identity checked by video call');
    expect(res.statusCode, res.body).toBe(200);
    expect(await app.db.$count(twoFactor, eq(twoFactor.userId, client.id))).toBe(0);
    expect(await app.db.$count(recoveryCodes, eq(recoveryCodes.userId, client.id))).toBe(0);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.twoFactorReset'), eq(auditLog.targetUserId, client.id)));
    expect(entry).toMatchObject({ actorId: admin.id, reason: 'Lost phone, identity checked by video call' });
    const mail = await lastMailTo(app, client.email);
    expect(mail?.subject).toBe('Two-factor authentication removed');
    expect((await passwordStep(client.email)).json()).toHaveProperty('accessToken');
    // Nothing left to reset.
    const again = await reset(admin.headers, 'x');
    expect(again.statusCode).toBe(409);
    expect((await app.inject({ method: 'GET', url, headers: admin.headers })).json()).toEqual({ enabled: false });
  });
});
