import { ZAuthResponse } from '@meridian/contracts/auth';
import {
  type TPasskey,
  ZPasskeyAnswer,
  ZPasskeyList,
  ZPasskeyRegistrationOptions,
  ZPasskeySignInOptions,
} from '@meridian/contracts/passkeys';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildTestApp } from '../../../../test/helpers/build-app.ts';
import { createUser, setUserFields, signedInUser, signIn, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { SoftAuthenticator } from '../../../../test/helpers/soft-authenticator.ts';
import { passkeys, webauthnChallenges } from '../../../db/schema/security.ts';
import { sessionFamilies } from '../../../db/schema/sessions.ts';
import { users } from '../../../db/schema/users.ts';

const t = await buildTestApp();
const app = t.app;
afterAll(() => t.close());

const NOT_RECOGNISED = 'This passkey was not recognised. Try another passkey or sign in with your password.';
const CHALLENGE_EXPIRED = 'This passkey request has expired or was already used. Please try again.';

async function registrationOptions(user: TSignedIn, on: FastifyInstance = app) {
  const res = await on.inject({ method: 'POST', url: '/api/passkeys/registration/options', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return ZPasskeyRegistrationOptions.parse(res.json()).options;
}

function sendRegistration(user: TSignedIn, payload: Record<string, unknown>, on: FastifyInstance = app) {
  return on.inject({ method: 'POST', url: '/api/passkeys/registration', headers: user.headers, payload });
}

/** Registers a new software passkey for `user`; answers it and the saved passkey. */
async function addPasskey(user: TSignedIn, name?: string): Promise<{ soft: SoftAuthenticator; passkey: TPasskey }> {
  const soft = new SoftAuthenticator();
  const response = soft.register(await registrationOptions(user));
  const res = await sendRegistration(user, { response, ...(name === undefined ? {} : { name }) });
  expect(res.statusCode, res.body).toBe(201);
  return { soft, passkey: ZPasskeyAnswer.parse(res.json()).passkey };
}

async function signInOptions(on: FastifyInstance = app) {
  const res = await on.inject({ method: 'POST', url: '/api/login/passkey/options' });
  expect(res.statusCode, res.body).toBe(200);
  return ZPasskeySignInOptions.parse(res.json());
}

function sendSignIn(payload: Record<string, unknown>, on: FastifyInstance = app): Promise<LightMyRequestResponse> {
  return on.inject({ method: 'POST', url: '/api/login/passkey', payload });
}

/** A whole passkey sign-in with `soft`, answering the options as `answer` says. */
async function signInWith(
  soft: SoftAuthenticator,
  overrides: Parameters<SoftAuthenticator['signIn']>[1] = {},
  remember = false,
) {
  const { challengeId, options } = await signInOptions();
  return sendSignIn({ challengeId, response: soft.signIn(options, overrides), remember });
}

async function listOf(user: TSignedIn): Promise<TPasskey[]> {
  const res = await app.inject({ method: 'GET', url: '/api/passkeys', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return ZPasskeyList.parse(res.json()).passkeys;
}

describe('registration', () => {
  it('offers a discoverable credential for the user, and saves the verified one under its name', async () => {
    const user = await signedInUser(app, 'Client');
    const options = await registrationOptions(user);
    expect(options.rp).toEqual({ id: 'localhost', name: 'Meridian' });
    expect(options.user.name).toBe(user.email);
    expect(options.user.displayName).toBe('Client Tester');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.excludeCredentials).toEqual([]);
    // The challenge is stored for this user, for 5 minutes.
    const [stored] = await app.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, options.challenge));
    expect(stored).toMatchObject({ userId: user.id, purpose: 'register' });
    const ttl = (stored?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(4 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(5 * 60 * 1000);

    const soft = new SoftAuthenticator();
    const res = await sendRegistration(user, { response: soft.register(options), name: '  Work laptop ' });
    expect(res.statusCode, res.body).toBe(201);
    const answer = ZPasskeyAnswer.parse(res.json());
    expect(answer.message).toBe('Passkey added');
    expect(answer.passkey).toMatchObject({ name: 'Work laptop', lastUsedAt: null, backedUp: false });
    expect(await listOf(user)).toEqual([answer.passkey]);
    const [row] = await app.db.select().from(passkeys).where(eq(passkeys.id, answer.passkey.id));
    expect(row).toMatchObject({ userId: user.id, credentialId: soft.id, counter: 0, transports: ['internal'] });
    // Used once: gone.
    expect(
      await app.db
        .select()
        .from(webauthnChallenges)
        .where(eq(webauthnChallenges.id, stored?.id ?? '')),
    ).toEqual([]);

    // The next options exclude it, and a second one without a name is "Passkey 2".
    const next = await registrationOptions(user);
    expect(next.excludeCredentials).toEqual([{ id: soft.id, type: 'public-key', transports: ['internal'] }]);
    const second = await sendRegistration(user, { response: new SoftAuthenticator().register(next) });
    expect(second.statusCode, second.body).toBe(201);
    expect(ZPasskeyAnswer.parse(second.json()).passkey.name).toBe('Passkey 2');
    expect((await listOf(user)).map((p) => p.name)).toEqual(['Work laptop', 'Passkey 2']);
  });

  it('lets an admin register a passkey of their own', async () => {
    const admin = await signedInUser(app, 'Admin');
    const { passkey } = await addPasskey(admin, 'Security key');
    expect((await listOf(admin)).map((p) => p.id)).toEqual([passkey.id]);
  });

  it('refuses an answer from another origin, for another RP ID or without user verification', async () => {
    const user = await signedInUser(app, 'Client');
    for (const overrides of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      const response = new SoftAuthenticator().register(await registrationOptions(user), overrides);
      const res = await sendRegistration(user, { response });
      expectApiError(res, 400, 'BAD_REQUEST', 'The new passkey could not be verified. Please try again.');
    }
    expect(await listOf(user)).toEqual([]);
  });

  it('takes each challenge once, only from the user it was made for, and not after 5 minutes', async () => {
    const user = await signedInUser(app, 'Client');
    const other = await signedInUser(app, 'Client');
    const options = await registrationOptions(user);

    // Another user cannot answer it.
    const stolen = await sendRegistration(other, { response: new SoftAuthenticator().register(options) });
    expectApiError(stolen, 400, 'BAD_REQUEST', CHALLENGE_EXPIRED);

    const response = new SoftAuthenticator().register(options);
    expect((await sendRegistration(user, { response })).statusCode).toBe(201);
    const again = await sendRegistration(user, { response: new SoftAuthenticator().register(options) });
    expectApiError(again, 400, 'BAD_REQUEST', CHALLENGE_EXPIRED);

    const late = await registrationOptions(user);
    await app.db
      .update(webauthnChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(webauthnChallenges.challenge, late.challenge));
    const expired = await sendRegistration(user, { response: new SoftAuthenticator().register(late) });
    expectApiError(expired, 400, 'BAD_REQUEST', CHALLENGE_EXPIRED);
    expect(await listOf(user)).toHaveLength(1);
  });

  it('refuses a credential that is already registered', async () => {
    const user = await signedInUser(app, 'Client');
    const { soft } = await addPasskey(user);
    const res = await sendRegistration(user, { response: soft.register(await registrationOptions(user)) });
    expectApiError(res, 409, 'CONFLICT', 'This passkey is already registered');
  });

  it('needs a name of 1 to 64 characters when one is given', async () => {
    const user = await signedInUser(app, 'Client');
    for (const [name, message] of [
      ['   ', 'Passkey name is required'],
      ['x'.repeat(65), 'Passkey name must be at most 64 characters'],
    ] as const) {
      const response = new SoftAuthenticator().register(await registrationOptions(user));
      const body = expectApiError(await sendRegistration(user, { response, name }), 400, 'VALIDATION');
      expect(body.fieldErrors?.name).toBe(message);
    }
  });

  it('removes expired challenges when it stores a new one', async () => {
    await app.db.insert(webauthnChallenges).values({
      purpose: 'sign-in',
      challenge: 'stale-challenge',
      expiresAt: new Date(Date.now() - 60_000),
    });
    await signInOptions();
    const left = await app.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, 'stale-challenge'));
    expect(left).toEqual([]);
  });
});

describe('rename and remove', () => {
  it('renames and removes one’s own passkey; another person’s answers 404', async () => {
    const owner = await signedInUser(app, 'Client');
    const other = await signedInUser(app, 'Client');
    const admin = await signedInUser(app, 'Admin');
    const { passkey, soft } = await addPasskey(owner, 'Phone');
    const url = `/api/passkeys/${passkey.id}`;

    for (const caller of [other, admin]) {
      const rename = await app.inject({ method: 'PATCH', url, headers: caller.headers, payload: { name: 'Mine now' } });
      expectApiError(rename, 404, 'NOT_FOUND');
      expectApiError(await app.inject({ method: 'DELETE', url, headers: caller.headers }), 404, 'NOT_FOUND');
    }
    expect((await listOf(owner)).map((p) => p.name)).toEqual(['Phone']);

    const empty = await app.inject({ method: 'PATCH', url, headers: owner.headers, payload: { name: '' } });
    expect(expectApiError(empty, 400, 'VALIDATION').fieldErrors?.name).toBe('Passkey name is required');

    const renamed = await app.inject({ method: 'PATCH', url, headers: owner.headers, payload: { name: 'Old phone' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(ZPasskeyAnswer.parse(renamed.json())).toMatchObject({
      message: 'Passkey renamed',
      passkey: { name: 'Old phone' },
    });

    const removed = await app.inject({ method: 'DELETE', url, headers: owner.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: 'Passkey removed' });
    expect(await listOf(owner)).toEqual([]);
    expectApiError(await app.inject({ method: 'DELETE', url, headers: owner.headers }), 404, 'NOT_FOUND');
    // A removed passkey signs nobody in.
    expectApiError(await signInWith(soft), 401, 'INVALID_CREDENTIALS', NOT_RECOGNISED);
  });

  it('is for signed-in clients and admins only', async () => {
    expectApiError(await app.inject({ method: 'GET', url: '/api/passkeys' }), 401, 'UNAUTHORIZED');
    const agent = await signedInUser(app, 'Agent');
    expectApiError(await app.inject({ method: 'GET', url: '/api/passkeys', headers: agent.headers }), 403, 'FORBIDDEN');
  });
});

describe('sign-in', () => {
  it('signs in with a passkey: the answer of POST /login, a refresh cookie and a session proven by passkey', async () => {
    const user = await signedInUser(app, 'Client');
    const { soft, passkey } = await addPasskey(user, 'Laptop');
    const { challengeId, options } = await signInOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const [challenge] = await app.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.id, challengeId));
    expect(challenge).toMatchObject({ userId: null, purpose: 'sign-in', challenge: options.challenge });

    const res = await sendSignIn({ challengeId, response: soft.signIn(options), remember: true });
    expect(res.statusCode, res.body).toBe(200);
    const auth = ZAuthResponse.parse(res.json());
    expect(auth.user.id).toBe(user.id);
    expect(auth.roles).toBe('Client');
    const cookie = res.cookies.find((c) => c.name === 'meridian_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect(cookie?.expires).toBeInstanceOf(Date);

    // The access token works, and so does the refresh cookie.
    const own = await app.inject({
      method: 'GET',
      url: `/api/client/${user.id}`,
      headers: { authorization: `Bearer ${auth.accessToken}` },
    });
    expect(own.statusCode, own.body).toBe(200);
    const refreshed = await app.inject({
      method: 'GET',
      url: '/api/refresh',
      headers: { cookie: `meridian_refresh=${cookie?.value}` },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);

    const [family] = await app.db
      .select()
      .from(sessionFamilies)
      .where(eq(sessionFamilies.userId, user.id))
      .orderBy(desc(sessionFamilies.createdAt))
      .limit(1);
    expect(family?.method).toBe('passkey');
    const [row] = await app.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row?.counter).toBe(1);
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    expect((await listOf(user))[0]?.lastUsedAt).not.toBeNull();
  });

  it('signs an admin in with a passkey as a strong session: the back office opens without the code', async () => {
    const admin = await signedInUser(app, 'Admin');
    const { soft } = await addPasskey(admin);
    const res = await signInWith(soft);
    expect(res.statusCode, res.body).toBe(200);
    const auth = ZAuthResponse.parse(res.json());
    expect(auth.roles).toBe('Admin');
    const backOffice = await app.inject({
      method: 'GET',
      url: '/api/unlock/requests',
      headers: { authorization: `Bearer ${auth.accessToken}` },
    });
    expect(backOffice.statusCode, backOffice.body).toBe(200);
  });

  it('refuses an answer from another origin or RP ID, or without user verification', async () => {
    const user = await signedInUser(app, 'Client');
    const { soft } = await addPasskey(user);
    for (const overrides of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      expectApiError(await signInWith(soft, overrides), 401, 'INVALID_CREDENTIALS', NOT_RECOGNISED);
    }
    expect((await signInWith(soft)).statusCode).toBe(200);
  });

  it('takes each challenge once and not after 5 minutes', async () => {
    const user = await signedInUser(app, 'Client');
    const { soft } = await addPasskey(user);
    const { challengeId, options } = await signInOptions();
    expect((await sendSignIn({ challengeId, response: soft.signIn(options) })).statusCode).toBe(200);
    const reused = await sendSignIn({ challengeId, response: soft.signIn(options) });
    expectApiError(reused, 401, 'INVALID_CREDENTIALS', CHALLENGE_EXPIRED);

    const late = await signInOptions();
    await app.db
      .update(webauthnChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(webauthnChallenges.id, late.challengeId));
    const expired = await sendSignIn({ challengeId: late.challengeId, response: soft.signIn(late.options) });
    expectApiError(expired, 401, 'INVALID_CREDENTIALS', CHALLENGE_EXPIRED);

    // A registration challenge is no sign-in challenge.
    const registration = await registrationOptions(user);
    const [row] = await app.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, registration.challenge));
    const wrongKind = await sendSignIn({
      challengeId: row?.id,
      response: soft.signIn({ challenge: registration.challenge }),
    });
    expectApiError(wrongKind, 401, 'INVALID_CREDENTIALS', CHALLENGE_EXPIRED);
  });

  it('refuses an unknown credential, and a signature made with another key', async () => {
    expectApiError(await signInWith(new SoftAuthenticator()), 401, 'INVALID_CREDENTIALS', NOT_RECOGNISED);
    const user = await signedInUser(app, 'Client');
    const { soft } = await addPasskey(user);
    const { challengeId, options } = await signInOptions();
    const forged = new SoftAuthenticator().signIn(options);
    const response = { ...forged, id: soft.id, rawId: soft.id };
    expectApiError(await sendSignIn({ challengeId, response }), 401, 'INVALID_CREDENTIALS', NOT_RECOGNISED);
  });

  it('refuses a signature counter that goes back when the authenticator keeps one', async () => {
    const user = await signedInUser(app, 'Client');
    const { soft } = await addPasskey(user);
    expect((await signInWith(soft, { counter: 5 })).statusCode).toBe(200);
    expectApiError(await signInWith(soft, { counter: 3 }), 401, 'INVALID_CREDENTIALS', NOT_RECOGNISED);
    expectApiError(await signInWith(soft, { counter: 5 }), 401, 'INVALID_CREDENTIALS', NOT_RECOGNISED);
    expect((await signInWith(soft, { counter: 6 })).statusCode).toBe(200);
  });

  it('accepts an authenticator that keeps no counter (always 0)', async () => {
    const user = await signedInUser(app, 'Client');
    const { soft } = await addPasskey(user);
    expect((await signInWith(soft, { counter: 0 })).statusCode).toBe(200);
    expect((await signInWith(soft, { counter: 0 })).statusCode).toBe(200);
  });

  it('answers closed, inactive and locked accounts as a password sign-in does', async () => {
    const closed = await signedInUser(app, 'Client');
    const closedKey = await addPasskey(closed);
    await setUserFields(app, closed.id, { closedAt: new Date() });
    expectApiError(await signInWith(closedKey.soft), 401, 'INVALID_CREDENTIALS', NOT_RECOGNISED);

    const inactive = await signedInUser(app, 'Client');
    const inactiveKey = await addPasskey(inactive);
    await setUserFields(app, inactive.id, { isActive: false });
    expectApiError(
      await signInWith(inactiveKey.soft),
      403,
      'ACCOUNT_INACTIVE',
      'User is not active, contact support for more info',
    );

    const locked = await signedInUser(app, 'Client');
    const lockedKey = await addPasskey(locked);
    const until = new Date(Date.now() + 60 * 60 * 1000);
    await setUserFields(app, locked.id, { lockedUntil: until, failedLogins: 5 });
    const refused = await signInWith(lockedKey.soft);
    const body = expectApiError(refused, 423, 'ACCOUNT_LOCKED');
    expect(refused.json().lockedUntil).toBe(until.toISOString());
    expect(body.message).toContain(until.toISOString());
    // Once the lock has run out, the passkey signs in and the count of wrong passwords starts again.
    await setUserFields(app, locked.id, { lockedUntil: new Date(Date.now() - 1000) });
    expect((await signInWith(lockedKey.soft)).statusCode).toBe(200);
    const [row] = await app.db.select().from(users).where(eq(users.id, locked.id));
    expect(row).toMatchObject({ failedLogins: 0, lockedUntil: null });
  });

  it('answers only our own pages, like POST /login', async () => {
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/login/passkey/options',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expectApiError(crossSite, 403, 'FORBIDDEN');
    const user = await signedInUser(app, 'Client');
    const { soft } = await addPasskey(user);
    const { challengeId, options } = await signInOptions();
    const res = await app.inject({
      method: 'POST',
      url: '/api/login/passkey',
      headers: { origin: 'https://evil.example' },
      payload: { challengeId, response: soft.signIn(options) },
    });
    expectApiError(res, 403, 'FORBIDDEN');
  });
});

describe('relying party settings', () => {
  it('uses WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS when set', async () => {
    const other = await buildTestApp(
      { WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGINS: ['https://trade.example.com'] },
      { sameDatabaseAs: t },
    );
    try {
      const user = await signIn(other.app, (await createUser(other.app, 'Client')).email);
      const options = await registrationOptions(user, other.app);
      expect(options.rp.id).toBe('example.com');
      const wrong = new SoftAuthenticator('http://localhost').register(options);
      expectApiError(await sendRegistration(user, { response: wrong }, other.app), 400, 'BAD_REQUEST');
      const soft = new SoftAuthenticator('https://trade.example.com');
      const right = await sendRegistration(
        user,
        { response: soft.register(await registrationOptions(user, other.app)) },
        other.app,
      );
      expect(right.statusCode, right.body).toBe(201);
      const { challengeId, options: signInWithOptions } = await signInOptions(other.app);
      expect(signInWithOptions.rpId).toBe('example.com');
      const res = await sendSignIn({ challengeId, response: soft.signIn(signInWithOptions) }, other.app);
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('takes the site’s origin from configuration: another port or a sibling origin is refused, whatever the headers say', async () => {
    // PUBLIC_URL unset: the listening address, http://localhost:4321. The RP ID `localhost` is shared
    // by every port of the host and by its subdomains, which is what makes the origin check matter.
    const site = 'http://localhost:4321';
    const other = await buildTestApp(
      { PUBLIC_URL: undefined, HOST: '0.0.0.0', PORT: 4321, WEBAUTHN_RP_ID: 'localhost' },
      { sameDatabaseAs: t },
    );
    try {
      const user = await signIn(other.app, (await createUser(other.app, 'Client')).email);
      const as = (origin: string, browser: boolean) => ({
        host: new URL(origin).host,
        // A browser page on that origin says so; a script replaying an assertion sends only Host.
        ...(browser ? { origin, 'sec-fetch-site': 'same-origin' } : {}),
      });
      const register = async (soft: SoftAuthenticator, headers: Record<string, string>) => {
        const options = await other.app.inject({
          method: 'POST',
          url: '/api/passkeys/registration/options',
          headers: { ...user.headers, ...headers },
        });
        expect(options.statusCode, options.body).toBe(200);
        return other.app.inject({
          method: 'POST',
          url: '/api/passkeys/registration',
          headers: { ...user.headers, ...headers },
          payload: { response: soft.register(ZPasskeyRegistrationOptions.parse(options.json()).options) },
        });
      };
      const signInFrom = async (soft: SoftAuthenticator, origin: string, browser: boolean) => {
        const headers = as(origin, browser);
        const options = await other.app.inject({ method: 'POST', url: '/api/login/passkey/options', headers });
        expect(options.statusCode, options.body).toBe(200);
        const { challengeId, options: requestOptions } = ZPasskeySignInOptions.parse(options.json());
        return other.app.inject({
          method: 'POST',
          url: '/api/login/passkey',
          headers,
          payload: { challengeId, response: soft.signIn(requestOptions, { origin }) },
        });
      };

      const elsewhere = ['http://localhost:5555', 'http://evil.localhost:4321', 'https://localhost'];
      for (const origin of elsewhere) {
        for (const browser of [false, true]) {
          const res = await register(new SoftAuthenticator(origin), as(origin, browser));
          expectApiError(res, 400, 'BAD_REQUEST', 'The new passkey could not be verified. Please try again.');
        }
      }
      const soft = new SoftAuthenticator(site);
      expect((await register(soft, { host: 'localhost:4321' })).statusCode).toBe(201);
      for (const origin of elsewhere) {
        for (const browser of [false, true]) {
          expectApiError(await signInFrom(soft, origin, browser), 401, 'INVALID_CREDENTIALS', NOT_RECOGNISED);
        }
      }
      // The same passkey, answering for the site itself, whatever host the request names.
      const own = await signInFrom(soft, site, false);
      expect(own.statusCode, own.body).toBe(200);
    } finally {
      await other.close();
    }
  });
});
