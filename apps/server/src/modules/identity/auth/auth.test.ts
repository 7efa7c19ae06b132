import type { TAuthResponse, TRegisterInput, TRegisterResponse } from '@meridian/contracts/auth';
import { LOGIN_LOCK_MS, LOGIN_MAX_ATTEMPTS, REFERRAL_CODE_LENGTH } from '@meridian/contracts/constants';
import { messageText } from '@meridian/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { ENCODINGS, encode } from '../../../../test/helpers/bodies.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/build-app.ts';
import {
  createUser,
  PASSWORD,
  registrationForm,
  setUserFields,
  signedInUser,
  signIn,
  type TSignedIn,
} from '../../../../test/helpers/factories.ts';
import { twoFactor } from '../../../db/schema/security.ts';
import { sessionFamilies } from '../../../db/schema/sessions.ts';
import { users } from '../../../db/schema/users.ts';

const t = await buildTestApp();
const app = t.app;
afterAll(() => t.close());

const COOKIE = 'meridian_refresh';
const NEW_PASSWORD = 'a brand new secret 7';

// --- small helpers -------------------------------------------------------------------------------

const register = (body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/client', payload: body });

const login = (email: string, password: string, remember?: boolean) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password, ...(remember === undefined ? {} : { remember }) },
  });

const refresh = (cookie?: string) =>
  app.inject({ method: 'GET', url: '/api/refresh', headers: cookie ? { cookie } : {} });

/** A bearer-only call that succeeds exactly while the token's session is live. */
const readClient = (userId: string, token: string) =>
  app.inject({ method: 'GET', url: `/api/client/${userId}`, headers: { authorization: `Bearer ${token}` } });

const changePassword = (userId: string, as: TSignedIn, password: string, currentPassword?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/user/changepswd/${userId}`,
    headers: as.headers,
    payload: { password, ...(currentPassword === undefined ? {} : { currentPassword }) },
  });

/** The refresh cookie a response sets, as a `name=value` pair for the next request. */
function refreshCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === COOKIE);
  if (!cookie?.value) throw new Error(`no refresh cookie in ${res.statusCode} ${res.body}`);
  return `${COOKIE}=${cookie.value}`;
}

function rawRefreshCookie(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const found = all.find((c) => c.startsWith(`${COOKIE}=`));
  if (!found) throw new Error('no Set-Cookie for the refresh cookie');
  return found;
}

async function userRow(id: string) {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

async function userRowByEmail(email: string) {
  const [row] = await app.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

/** Every column of the user's row as text, straight from SQL (covers columns the ORM might not map). */
async function rawUserRowText(id: string): Promise<string> {
  const result = await app.db.execute(sql`select row_to_json(u)::text as j from users u where u.id = ${id}`);
  const rows = (result as unknown as { rows: Array<{ j: string }> }).rows;
  const text = rows[0]?.j;
  if (!text) throw new Error('no row');
  return text;
}

/** Every key anywhere in a JSON value. */
function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...allKeys(inner)]);
  }
  return [];
}

const isoAround = (iso: string | undefined, expectedMs: number, toleranceMs = 60_000) => {
  expect(iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  expect(Math.abs(Date.parse(iso ?? '') - expectedMs)).toBeLessThan(toleranceMs);
};

// --- health --------------------------------------------------------------------------------------

describe('GET /api/health', () => {
  it('answers ok with the database kind and the scheduled jobs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      // Each part's state: modules/platform/health/health.test.ts.
      checks: expect.objectContaining({ database: expect.objectContaining({ status: 'ok' }) }),
      jobs: expect.arrayContaining([
        expect.objectContaining({ name: 'payouts', enabled: true, lastError: null }),
        expect.objectContaining({ name: 'market-candles', enabled: true, lastError: null }),
      ]),
    });
  });
});

// --- registration --------------------------------------------------------------------------------

describe('POST /api/client (registration)', () => {
  it('creates an active Client and answers 201 with the spec message and the user', async () => {
    const form = registrationForm({ email: 'Grace.Hopper@Example.COM', country: 'us' });
    const res = await register(form);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<TRegisterResponse>();
    expect(body.message).toBe('Account created successfully');
    expect(body.user).toMatchObject({
      firstname: form.firstname,
      lastname: form.lastname,
      username: form.username,
      email: 'grace.hopper@example.com',
      phone: form.phone,
      country: 'US',
      address: form.address,
      type: 'Client',
      roles: 'Client',
      isActive: true,
      isVerified: false,
      kycStatus: 'not submitted',
      balance: 0,
      profitBalance: 0,
    });
    const row = await userRow(body.user.id);
    expect(row).toMatchObject({ type: 'Client', email: 'grace.hopper@example.com', country: 'US', referredBy: null });
    expect(row.failedLogins).toBe(0);
  });

  // Each case breaks exactly one field of an otherwise valid form.
  const fieldCases: Array<[keyof TRegisterInput, unknown, string]> = [
    ['firstname', undefined, 'First name is required'],
    ['firstname', '', 'First name is required'],
    ['firstname', '   ', 'First name is required'],
    ['lastname', undefined, 'Last name is required'],
    ['lastname', '', 'Last name is required'],
    ['username', undefined, 'Username is required'],
    ['username', ' ', 'Username is required'],
    ['username', 'ada lovelace', 'Username may use letters, digits, dot, dash and underscore only'],
    ['email', undefined, 'Email is required'],
    ['email', '', 'Email is required'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['email', 'ada@', 'Invalid email address'],
    ['email', 'ada lovelace@example.com', 'Invalid email address'],
    ['phone', undefined, 'Phone number is required'],
    ['phone', '', 'Phone number is required'],
    ['phone', 'call me maybe', 'Invalid phone number'],
    ['country', undefined, 'Country is required'],
    ['country', '', 'Country is required'],
    ['country', 'XX', 'Country is required'],
    ['country', 'ZZ', 'Country is required'],
    ['address', undefined, 'Address is required'],
    ['address', '  ', 'Address is required'],
    ['password', undefined, 'Password is required'],
    ['password', '', 'Password is required'],
    ['password', '1234567', 'Password must be at least 8 characters'],
    ['referralCode', 'ABCDEFGHJK', 'Referral code must be at most 9 characters'],
  ];

  it.each(fieldCases)('refuses %s = %j with "%s"', async (field, value, message) => {
    const form: Record<string, unknown> = registrationForm();
    if (value === undefined) delete form[field];
    else form[field] = value;
    const res = await register(form);
    const body = expectApiError(res, 400, 'VALIDATION', message);
    expect(body.fieldErrors?.[field]).toBe(message);
    expect(await userRowByEmail(String(form.email))).toBeUndefined();
  });

  it('takes a country by its name from the country list, keeping its ISO code; refuses anything else', async () => {
    for (const [country, code] of [
      ['Germany', 'DE'],
      ['United States', 'US'],
      ["Côte d'Ivoire", 'CI'],
      ['Bosnia and Herzegovina', 'BA'],
    ] as const) {
      const res = await register(registrationForm({ country }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<TRegisterResponse>().user.country).toBe(code);
    }
    for (const country of ['Narnia', 'DEU', '12']) {
      const res = await register(registrationForm({ country }));
      const body = expectApiError(res, 400, 'VALIDATION');
      expect(body.fieldErrors).toEqual({ country: 'Country is required' });
    }
    const long = expectApiError(await register(registrationForm({ country: 'x'.repeat(101) })), 400, 'VALIDATION');
    expect(long.fieldErrors).toEqual({ country: 'This value is too long' });
  });

  it('accepts a password of exactly 8 characters and an ISO code in lower case', async () => {
    const form = registrationForm({ password: '12345678', country: 'de' });
    const res = await register(form);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TRegisterResponse>().user.country).toBe('DE');
    expect((await login(form.email, '12345678')).statusCode).toBe(200);
  });

  it("refuses an unknown referral code with 400 'Referral code not found' and creates nobody", async () => {
    const form = registrationForm({ referralCode: 'NOSUCH99' });
    const body = expectApiError(await register(form), 400, 'VALIDATION', 'Referral code not found');
    expect(body.fieldErrors?.referralCode).toBe('Referral code not found');
    expect(await userRowByEmail(form.email)).toBeUndefined();
  });

  it('links a new client to the owner of a valid referral code (any case, spaces trimmed)', async () => {
    const referrer = (await register(registrationForm())).json<TRegisterResponse>().user;

    const exact = await register(registrationForm({ referralCode: referrer.referralCode }));
    expect(exact.statusCode, exact.body).toBe(201);
    expect((await userRow(exact.json<TRegisterResponse>().user.id)).referredBy).toBe(referrer.id);

    const sloppy = await register(registrationForm({ referralCode: ` ${referrer.referralCode.toLowerCase()} ` }));
    expect(sloppy.statusCode, sloppy.body).toBe(201);
    expect((await userRow(sloppy.json<TRegisterResponse>().user.id)).referredBy).toBe(referrer.id);
  });

  it("answers 409 'User already exists' for a taken email or username, whatever their case", async () => {
    const first = registrationForm();
    expect((await register(first)).statusCode).toBe(201);

    const sameEmail = registrationForm({ email: first.email.toUpperCase() });
    expectApiError(await register(sameEmail), 409, 'CONFLICT', 'User already exists');
    const sameUsername = registrationForm({ username: first.username.toUpperCase() });
    expectApiError(await register(sameUsername), 409, 'CONFLICT', 'User already exists');

    const [{ n } = { n: -1 }] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(
        sql`${users.email} in (${first.email.toLowerCase()}, ${sameUsername.email}) or lower(${users.username}) in (${first.username.toLowerCase()}, ${sameEmail.username.toLowerCase()})`,
      );
    expect(n).toBe(1);
  });

  it('gives each new client a unique 8-character referral code', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => register(registrationForm())));
    const codes = results.map((res) => {
      expect(res.statusCode, res.body).toBe(201);
      return res.json<TRegisterResponse>().user.referralCode;
    });
    for (const code of codes) {
      expect(code).toHaveLength(REFERRAL_CODE_LENGTH);
      expect(code).toMatch(/^[A-Z0-9]{8}$/);
    }
    const [{ distinct, total } = { distinct: -1, total: -2 }] = await app.db
      .select({
        distinct: sql<number>`count(distinct ${users.referralCode})::int`,
        total: sql<number>`count(*)::int`,
      })
      .from(users);
    expect(distinct).toBe(total);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('stores the password only as an argon2id hash: the plain text is in no column and not in the answer', async () => {
    const password = 'Plain-Text-Canary-1234';
    const res = await register(registrationForm({ password }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain(password);
    const { id } = res.json<TRegisterResponse>().user;
    const row = await userRow(id);
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(await rawUserRowText(id)).not.toContain(password);
    expect(allKeys(res.json())).not.toContain('passwordHash');
  });

  it.each(ENCODINGS)('accepts the same form as %s', async (encoding) => {
    const form = registrationForm({ referralCode: '' });
    const { payload, headers } = encode(encoding, { ...form });
    const res = await app.inject({ method: 'POST', url: '/api/client', payload, headers });
    expect(res.statusCode, res.body).toBe(201);
    const row = await userRowByEmail(form.email);
    expect(row).toMatchObject({
      firstname: form.firstname,
      lastname: form.lastname,
      username: form.username,
      phone: form.phone,
      country: form.country,
      address: form.address,
      referredBy: null,
    });
    expect((await login(form.email, form.password)).statusCode).toBe(200);
  });

  it.each(ENCODINGS)('gives the same field message whatever the encoding (%s)', async (encoding) => {
    const form: Record<string, unknown> = registrationForm({ password: 'short' });
    const { payload, headers } = encode(encoding, form);
    const res = await app.inject({ method: 'POST', url: '/api/client', payload, headers });
    expectApiError(res, 400, 'VALIDATION', 'Password must be at least 8 characters');
  });
});

// --- login ---------------------------------------------------------------------------------------

describe('POST /api/login', () => {
  it("answers 401 'Invalid email or password' for an unknown email, as for a wrong password", async () => {
    const res = await login('nobody-here@example.com', PASSWORD);
    expectApiError(res, 401, 'INVALID_CREDENTIALS', 'Invalid email or password');
    expect(res.cookies.find((c) => c.name === COOKIE)).toBeUndefined();
  });

  it('locks the account for 2 hours on the 5th wrong password, refuses even the right one while locked, and starts over once the lock has run out', async () => {
    const user = await createUser(app, 'Client');

    for (const remaining of [4, 3, 2, 1]) {
      const res = await login(user.email, 'wrong password!');
      const body = expectApiError(res, 401, 'INVALID_CREDENTIALS', 'Invalid email or password');
      expect(body.attemptsRemaining).toBe(remaining);
    }

    const fifth = await login(user.email, 'wrong password!');
    const locked = expectApiError(fifth, 423, 'ACCOUNT_LOCKED');
    expect(locked.message).toContain('temporarily locked');
    isoAround(locked.lockedUntil, Date.now() + LOGIN_LOCK_MS);
    expect(locked.message).toContain(locked.lockedUntil);
    const row = await userRow(user.id);
    expect(row.failedLogins).toBe(5);
    expect(row.lockedUntil?.toISOString()).toBe(locked.lockedUntil);

    // The right password does not get through a lock, and does not move it.
    const right = await login(user.email, PASSWORD);
    const stillLocked = expectApiError(right, 423, 'ACCOUNT_LOCKED');
    expect(stillLocked.lockedUntil).toBe(locked.lockedUntil);
    expect(right.cookies.find((c) => c.name === COOKIE)).toBeUndefined();
    expect((await login(user.email, 'wrong password!')).statusCode).toBe(423);
    expect((await userRow(user.id)).lockedUntil?.toISOString()).toBe(locked.lockedUntil);

    // Two hours later (the lock moved into the past) the right password works and the count starts over.
    await setUserFields(app, user.id, { lockedUntil: new Date(Date.now() - 1000) });
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ failedLogins: 0, lockedUntil: null });
    const after = expectApiError(await login(user.email, 'wrong password!'), 401, 'INVALID_CREDENTIALS');
    expect(after.attemptsRemaining).toBe(4);
  });

  it('checks at most 5 passwords in a parallel burst of 25 wrong ones, then refuses the right one', async () => {
    const user = await createUser(app, 'Client');
    const passwords = Array.from({ length: 25 }, (_, i) => `wrong password ${i}`);
    const answers = await Promise.all(passwords.map((password) => login(user.email, password)));

    // Each wrong password checked counts once, under one lock: 4 answers of 401 counting down, then 423.
    const wrong = answers.filter((res) => res.statusCode === 401);
    const remaining = wrong.map((res) => expectApiError(res, 401, 'INVALID_CREDENTIALS').attemptsRemaining);
    expect(remaining.sort()).toEqual([1, 2, 3, 4]);
    const locked = answers.filter((res) => res.statusCode === 423);
    expect(locked).toHaveLength(answers.length - wrong.length);

    const row = await userRow(user.id);
    expect(row.failedLogins).toBe(LOGIN_MAX_ATTEMPTS);
    expect(row.lockedUntil).not.toBeNull();
    const until = row.lockedUntil?.toISOString();
    for (const res of locked) expect(expectApiError(res, 423, 'ACCOUNT_LOCKED').lockedUntil).toBe(until);

    const right = await login(user.email, PASSWORD);
    expectApiError(right, 423, 'ACCOUNT_LOCKED');
    expect(right.cookies.find((c) => c.name === COOKIE)).toBeUndefined();
    const [{ n } = { n: -1 }] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessionFamilies)
      .where(eq(sessionFamilies.userId, user.id));
    expect(n).toBe(0);
  });

  it('checks at most 5 passwords when the right one races 25 wrong ones', async () => {
    const user = await createUser(app, 'Client');
    const passwords = [...Array.from({ length: 25 }, (_, i) => `wrong password ${i}`), PASSWORD];
    const answers = await Promise.all(passwords.map((password) => login(user.email, password)));
    // Whoever comes first, no more than 5 wrong passwords are checked before the lock; only if the
    // right one came first and cleared the count may up to 4 more be checked after it.
    const right = answers.at(-1);
    const wrong = answers.slice(0, -1);
    const checkedWrong = wrong.filter((res) => res.statusCode === 401).length;
    for (const res of wrong) expect([401, 423], res.body).toContain(res.statusCode);
    if (right?.statusCode === 200) {
      expect(checkedWrong).toBeLessThanOrEqual(2 * (LOGIN_MAX_ATTEMPTS - 1));
    } else {
      expectApiError(right as NonNullable<typeof right>, 423, 'ACCOUNT_LOCKED');
      expect(checkedWrong).toBe(LOGIN_MAX_ATTEMPTS - 1);
    }
    expect((await userRow(user.id)).failedLogins).toBeLessThanOrEqual(LOGIN_MAX_ATTEMPTS);
  });

  it('starts the count over when a lock has run out even without a successful login in between', async () => {
    const user = await createUser(app, 'Client', { failedLogins: 5, lockedUntil: new Date(Date.now() - 1000) });
    const body = expectApiError(await login(user.email, 'wrong password!'), 401, 'INVALID_CREDENTIALS');
    expect(body.attemptsRemaining).toBe(4);
  });

  it('resets the failed-attempt count on a successful login', async () => {
    const user = await createUser(app, 'Client');
    expect(expectApiError(await login(user.email, 'nope nope'), 401, 'INVALID_CREDENTIALS').attemptsRemaining).toBe(4);
    expect(expectApiError(await login(user.email, 'nope nope'), 401, 'INVALID_CREDENTIALS').attemptsRemaining).toBe(3);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
    expect((await userRow(user.id)).failedLogins).toBe(0);
    expect(expectApiError(await login(user.email, 'nope nope'), 401, 'INVALID_CREDENTIALS').attemptsRemaining).toBe(4);
  });

  it("refuses an inactive user with the right password: 403 'User is not active, contact support for more info'", async () => {
    const user = await createUser(app, 'Client', { isActive: false });
    const res = await login(user.email, PASSWORD);
    expectApiError(res, 403, 'ACCOUNT_INACTIVE', 'User is not active, contact support for more info');
    expect(res.cookies.find((c) => c.name === COOKIE)).toBeUndefined();
    const [{ n } = { n: -1 }] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessionFamilies)
      .where(eq(sessionFamilies.userId, user.id));
    expect(n).toBe(0);
  });

  it.each(['Client', 'Admin', 'Agent'] as const)(
    'answers a %s with {user, accessToken, roles}, and nothing about the password',
    async (type) => {
      const user = await createUser(app, type);
      // An admin before enrolling a second factor (with one, the answer is its challenge: two-factor.test.ts).
      await app.db.delete(twoFactor).where(eq(twoFactor.userId, user.id));
      const res = await login(user.email.toUpperCase(), PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<TAuthResponse>();
      expect(Object.keys(body).sort()).toEqual(['accessToken', 'roles', 'user']);
      expect(body.roles).toBe(type);
      expect(body.user).toMatchObject({ id: user.id, email: user.email, type, roles: type });
      expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      // passwordChangedAt (a date) is the only password-related thing an answer may carry.
      const suspicious = allKeys(body).filter((k) => /hash|pswd|password|secret|salt/i.test(k));
      expect(suspicious).toEqual(['passwordChangedAt']);
      expect(res.body).not.toContain('$argon2');
      expect(res.body).not.toContain(PASSWORD);
    },
  );

  it('sets the refresh cookie HttpOnly, SameSite=Strict, Path=/api, and only for the browser session without "remember"', async () => {
    const user = await createUser(app, 'Client');
    const res = await login(user.email, PASSWORD);
    expect(res.statusCode).toBe(200);
    const raw = rawRefreshCookie(res);
    expect(raw).toMatch(/; HttpOnly(;|$)/);
    expect(raw).toMatch(/; SameSite=Strict(;|$)/);
    expect(raw).toMatch(/; Path=\/api(;|$)/);
    expect(raw).not.toMatch(/Expires=|Max-Age=/i);
    const cookie = res.cookies.find((c) => c.name === COOKIE);
    expect(cookie?.value).toMatch(/^[\w-]{40,}$/);
  });

  it('gives a remembered session a cookie that expires in 30 days', async () => {
    const user = await createUser(app, 'Client');
    const res = await login(user.email, PASSWORD, true);
    expect(res.statusCode).toBe(200);
    const raw = rawRefreshCookie(res);
    expect(raw).toMatch(/; HttpOnly(;|$)/);
    expect(raw).toMatch(/; SameSite=Strict(;|$)/);
    expect(raw).toMatch(/; Path=\/api(;|$)/);
    const expires = /; Expires=([^;]+)/.exec(raw)?.[1];
    expect(expires).toBeDefined();
    expect(Math.abs(Date.parse(expires ?? '') - (Date.now() + 30 * 24 * 3600 * 1000))).toBeLessThan(120_000);
  });
});

// --- refresh -------------------------------------------------------------------------------------

describe('GET /api/refresh', () => {
  it('rotates the cookie and issues an access token that works', async () => {
    const user = await signedInUser(app, 'Client');
    const res = await refresh(user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TAuthResponse>();
    expect(body.user.id).toBe(user.id);
    expect(body.roles).toBe('Client');
    const next = refreshCookieOf(res);
    expect(next).not.toBe(user.cookie);
    expect(rawRefreshCookie(res)).not.toMatch(/Expires=/);
    expect((await readClient(user.id, body.accessToken)).statusCode).toBe(200);
    // The new cookie rotates again.
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('keeps a remembered session remembered across rotations', async () => {
    const user = await createUser(app, 'Client');
    const first = await login(user.email, PASSWORD, true);
    const res = await refresh(refreshCookieOf(first));
    expect(res.statusCode).toBe(200);
    expect(rawRefreshCookie(res)).toMatch(/; Expires=/);
  });

  it('treats a reused (already rotated) cookie as stolen: 401, and the whole sign-in ends', async () => {
    const user = await signedInUser(app, 'Client');
    const rotated = await refresh(user.cookie);
    expect(rotated.statusCode).toBe(200);
    const newest = refreshCookieOf(rotated);
    const latestToken = rotated.json<TAuthResponse>().accessToken;

    const replay = await refresh(user.cookie);
    expectApiError(replay, 401, 'UNAUTHORIZED', messageText('errors.sessionExpired'));

    expectApiError(await refresh(newest), 401, 'UNAUTHORIZED');
    expectApiError(await readClient(user.id, latestToken), 401, 'UNAUTHORIZED');
    expectApiError(await readClient(user.id, user.token), 401, 'UNAUTHORIZED');
    const families = await app.db.select().from(sessionFamilies).where(eq(sessionFamilies.userId, user.id));
    expect(families).toHaveLength(1);
    expect(families[0]?.revokedAt).toBeInstanceOf(Date);
    expect(families[0]?.revokedReason).toBe('refresh token reused');

    // Another sign-in of the same user is a different family and is untouched.
    const other = await signIn(app, user.email);
    expect((await refresh(other.cookie)).statusCode).toBe(200);
  });

  it('answers 401 without a cookie or with an unknown one', async () => {
    expectApiError(await refresh(), 401, 'UNAUTHORIZED');
    expectApiError(await refresh(`${COOKIE}=not-a-token-we-issued`), 401, 'UNAUTHORIZED');
  });

  it('answers 403 for a user deactivated since signing in, and ends that sign-in', async () => {
    const user = await signedInUser(app, 'Client');
    await setUserFields(app, user.id, { isActive: false });
    expectApiError(await refresh(user.cookie), 403, 'ACCOUNT_INACTIVE', messageText('errors.userInactive'));
    expectApiError(await readClient(user.id, user.token), 401, 'UNAUTHORIZED');
    await setUserFields(app, user.id, { isActive: true });
    expectApiError(await refresh(user.cookie), 401, 'UNAUTHORIZED');
  });
});

// --- logout --------------------------------------------------------------------------------------

describe('GET /api/refresh and the rate limit', () => {
  const LIMIT = 5;
  /** A refresh from `remoteAddress` on an app limited to LIMIT sign-in attempts a minute. */
  const limitedRefresh = (limited: TestApp, remoteAddress: string, cookie?: string) =>
    limited.app.inject({ method: 'GET', url: '/api/refresh', headers: cookie ? { cookie } : {}, remoteAddress });

  it('never counts a refresh that succeeds: thirty reloads in a minute stay signed in', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: LIMIT });
    try {
      let { cookie } = await signedInUser(limited.app, 'Client');
      for (let reload = 0; reload < 30; reload++) {
        const res = await limitedRefresh(limited, '198.51.100.1', cookie);
        expect(res.statusCode, `reload ${reload}: ${res.body}`).toBe(200);
        cookie = refreshCookieOf(res);
      }
    } finally {
      await limited.close();
    }
  });

  it('refuses an address whose refreshes failed 5 times this minute, a valid cookie too, and says when to come back', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: LIMIT });
    try {
      const user = await signedInUser(limited.app, 'Client');
      for (let i = 0; i < LIMIT; i++) {
        expectApiError(await limitedRefresh(limited, '198.51.100.2', `${COOKIE}=guessed-${i}`), 401, 'UNAUTHORIZED');
      }
      const refused = await limitedRefresh(limited, '198.51.100.2', user.cookie);
      expectApiError(refused, 429, 'RATE_LIMITED', messageText('errors.rateLimited'));
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      // The refused refresh used nothing up: the same cookie still refreshes from another address.
      const elsewhere = await limitedRefresh(limited, '198.51.100.3', user.cookie);
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
      expect(elsewhere.json<TAuthResponse>().user.id).toBe(user.id);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/logout', () => {
  it('ends the session: the cookie is cleared, then refresh and the access token answer 401', async () => {
    const user = await signedInUser(app, 'Client');
    const res = await app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { ...user.headers, cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out' });
    const cleared = res.cookies.find((c) => c.name === COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api');
    expect(cleared?.expires?.getTime() ?? 0).toBeLessThanOrEqual(Date.now());

    expectApiError(await refresh(user.cookie), 401, 'UNAUTHORIZED');
    expectApiError(await readClient(user.id, user.token), 401, 'UNAUTHORIZED');
  });

  it('ends the session with the cookie alone (the access token dies too) and leaves other sign-ins alone', async () => {
    const user = await signedInUser(app, 'Client');
    const elsewhere = await signIn(app, user.email);
    const res = await app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    expectApiError(await readClient(user.id, user.token), 401, 'UNAUTHORIZED');
    expect((await readClient(user.id, elsewhere.token)).statusCode).toBe(200);
    expect((await refresh(elsewhere.cookie)).statusCode).toBe(200);
  });

  it('ends the session with the bearer alone (the refresh cookie dies too)', async () => {
    const user = await signedInUser(app, 'Client');
    const res = await app.inject({ method: 'GET', url: '/api/logout', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expectApiError(await refresh(user.cookie), 401, 'UNAUTHORIZED');
  });

  it('answers 200 with nothing to end (already signed out)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out' });
  });
});

// --- change password -----------------------------------------------------------------------------

describe('POST /api/user/changepswd/:userId', () => {
  it('changes the own password with the current one: old one fails, new one works, every other session ends, this one stays', async () => {
    const user = await signedInUser(app, 'Client');
    const second = await signIn(app, user.email);
    const before = await userRow(user.id);

    const res = await changePassword(user.id, user, NEW_PASSWORD, PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messageText('auth.passwordChanged') });
    expect(res.cookies.find((c) => c.name === COOKIE)).toBeUndefined();

    const after = await userRow(user.id);
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(after.passwordChangedAt.getTime()).toBeGreaterThan(before.passwordChangedAt.getTime());
    expect(await rawUserRowText(user.id)).not.toContain(NEW_PASSWORD);

    expectApiError(await readClient(user.id, second.token), 401, 'UNAUTHORIZED');
    expectApiError(await refresh(second.cookie), 401, 'UNAUTHORIZED');
    expect((await readClient(user.id, user.token)).statusCode).toBe(200);
    expect((await refresh(user.cookie)).statusCode).toBe(200);
    expectApiError(await login(user.email, PASSWORD), 401, 'INVALID_CREDENTIALS', 'Invalid email or password');
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses one's own change without the current password, or with a wrong one, and changes nothing", async () => {
    const user = await signedInUser(app, 'Client');
    const second = await signIn(app, user.email);
    const before = await userRow(user.id);

    const missing = expectApiError(await changePassword(user.id, user, NEW_PASSWORD), 400, 'VALIDATION');
    expect(missing.fieldKeys?.currentPassword?.key).toBe('validation.currentPasswordRequired');
    const wrong = expectApiError(
      await changePassword(user.id, user, NEW_PASSWORD, 'not my password'),
      400,
      'VALIDATION',
    );
    expect(wrong.fieldErrors?.currentPassword).toBe('Current password is incorrect');

    expect((await userRow(user.id)).passwordHash).toBe(before.passwordHash);
    expect((await readClient(user.id, second.token)).statusCode).toBe(200);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('counts wrong current passwords towards the sign-in lock: the 5th locks the account', async () => {
    const user = await signedInUser(app, 'Client');
    for (let i = 0; i < 4; i++) {
      expectApiError(await changePassword(user.id, user, NEW_PASSWORD, 'not my password'), 400, 'VALIDATION');
    }
    expectApiError(await changePassword(user.id, user, NEW_PASSWORD, 'not my password'), 423, 'ACCOUNT_LOCKED');
    expectApiError(await changePassword(user.id, user, NEW_PASSWORD, PASSWORD), 423, 'ACCOUNT_LOCKED');
    expectApiError(await login(user.email, PASSWORD), 423, 'ACCOUNT_LOCKED');
  });

  it("lets an admin change a client's password, ending the client's sessions but not the admin's", async () => {
    const admin = await signedInUser(app, 'Admin');
    const client = await signedInUser(app, 'Client');
    const res = await changePassword(client.id, admin, NEW_PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.find((c) => c.name === COOKIE)).toBeUndefined();
    expectApiError(await readClient(client.id, client.token), 401, 'UNAUTHORIZED');
    expect((await readClient(client.id, admin.token)).statusCode).toBe(200);
    expect((await login(client.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a client on another client's id: 403 'You can only act on your own account', nothing changes", async () => {
    const [victim, attacker] = await Promise.all([signedInUser(app, 'Client'), signedInUser(app, 'Client')]);
    const before = await userRow(victim.id);
    const res = await changePassword(victim.id, attacker, NEW_PASSWORD);
    expectApiError(res, 403, 'FORBIDDEN', 'You can only act on your own account');
    expect(res.body).not.toContain(victim.email);
    expect(await userRow(victim.id)).toEqual(before);
    expect((await readClient(victim.id, victim.token)).statusCode).toBe(200);
  });

  it('refuses a password under 8 characters with the minimum-length message and keeps the old one', async () => {
    const user = await signedInUser(app, 'Client');
    const before = await userRow(user.id);
    const res = await changePassword(user.id, user, 'short');
    const body = expectApiError(res, 400, 'VALIDATION', 'Password must be at least 8 characters');
    expect(body.fieldErrors?.password).toBe('Password must be at least 8 characters');
    expect((await userRow(user.id)).passwordHash).toBe(before.passwordHash);
    expect((await readClient(user.id, user.token)).statusCode).toBe(200);
  });

  it('lets an agent change its own password', async () => {
    const agent = await signedInUser(app, 'Agent');
    const res = await changePassword(agent.id, agent, NEW_PASSWORD, PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(agent.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an agent on a client id with 403', async () => {
    const [agent, client] = await Promise.all([signedInUser(app, 'Agent'), createUser(app, 'Client')]);
    expectApiError(await changePassword(client.id, agent, NEW_PASSWORD), 403, 'FORBIDDEN');
  });

  it.each(['urlencoded', 'multipart'] as const)('takes the password as a form (%s)', async (encoding) => {
    const user = await signedInUser(app, 'Client');
    const { payload, headers } = encode(encoding, { currentPassword: PASSWORD, password: NEW_PASSWORD });
    const res = await app.inject({
      method: 'POST',
      url: `/api/user/changepswd/${user.id}`,
      headers: { ...headers, ...user.headers },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
