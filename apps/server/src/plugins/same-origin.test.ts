import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../test/helpers/api-error.ts';
import { asMultipart, asUrlencoded } from '../../test/helpers/bodies.ts';
import { buildTestApp } from '../../test/helpers/build-app.ts';
import { createUser, PASSWORD, signIn } from '../../test/helpers/factories.ts';

/** Login CSRF and cross-site sign-out (docs/security.md, "Cross-site requests"). */
let email: string;
const t = await buildTestApp();
const app = t.app;
afterAll(() => t.close());

beforeAll(async () => {
  email = (await createUser(app, 'Client')).email;
});

const credentials = () => ({ email, password: PASSWORD });
const setsCookie = (res: { cookies: { name: string }[] }) => res.cookies.some((c) => c.name === 'meridian_refresh');

describe('the session-cookie routes take JSON only', () => {
  it.each([
    ['urlencoded', asUrlencoded],
    ['multipart', asMultipart],
  ])(
    'a %s sign-in (what an HTML form on another site sends) is refused with 415 and sets no cookie',
    async (_, encode) => {
      const res = await app.inject({ method: 'POST', url: '/api/login', ...encode(credentials()) });
      expectApiError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(setsCookie(res)).toBe(false);
    },
  );

  it.each([
    ['/api/unlock/temp-login', { email: 'someone@example.com', tempCode: 'ABC123' }],
    ['/api/user/resetpswd', { token: 'x'.repeat(43), password: 'a new password 1' }],
  ])('%s refuses a form body with 415', async (url, body) => {
    expectApiError(await app.inject({ method: 'POST', url, ...asUrlencoded(body) }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('cross-site requests to the session-cookie routes', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['an Origin of another site', { origin: 'https://attacker.example' }],
    ['a malformed Origin', { origin: 'null' }],
    // The accepted origin is the configured one (PUBLIC_URL), not whatever the request's Host says.
    ['an Origin naming the Host it sent', { host: 'evil.example', origin: 'http://evil.example' }],
    ['an Origin on another port of our host', { host: 'localhost:4000', origin: 'http://localhost:4000' }],
    [
      'an Origin forwarded as ours by X-Forwarded-Host',
      { 'x-forwarded-host': 'evil.example', origin: 'http://evil.example' },
    ],
  ])('a sign-in with %s is refused before the password is checked', async (_, headers) => {
    const res = await app.inject({ method: 'POST', url: '/api/login', headers, payload: credentials() });
    expectApiError(
      res,
      403,
      'FORBIDDEN',
      'This request came from another website and was refused. Open Meridian directly and try again.',
    );
    expect(res.json().key).toBe('errors.crossSiteRequest');
    expect(setsCookie(res)).toBe(false);
  });

  it.each([
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['our own Origin', { origin: 'http://localhost:80' }],
    ['no browser headers (a script)', {}],
  ])('a sign-in with %s is let through', async (_, headers) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { host: 'localhost:80', ...headers },
      payload: credentials(),
    });
    expect(res.statusCode).toBe(200);
    expect(setsCookie(res)).toBe(true);
  });

  it('lets through an Origin of PUBLIC_URL or WEBAUTHN_ORIGINS, whatever Host the request names', async () => {
    const other = await buildTestApp(
      {
        PUBLIC_URL: 'https://trade.example.com',
        WEBAUTHN_ORIGINS: ['https://trade.example.com', 'https://www.example.com'],
        TRUST_PROXY: ['127.0.0.1'],
      },
      { sameDatabaseAs: t },
    );
    try {
      const signInWith = (headers: Record<string, string>) =>
        other.app.inject({ method: 'POST', url: '/api/login', headers, payload: credentials() });
      for (const origin of ['https://trade.example.com', 'https://trade.example.com:443', 'https://www.example.com']) {
        const res = await signInWith({ host: 'internal:3000', origin });
        expect(res.statusCode, `${origin}: ${res.body}`).toBe(200);
      }
      for (const origin of ['http://trade.example.com', 'https://evil.example.com', 'https://trade.example.com:8443']) {
        const host = new URL(origin).host;
        expectApiError(await signInWith({ host, 'x-forwarded-host': host, origin }), 403, 'FORBIDDEN');
      }
    } finally {
      await other.close();
    }
  });

  it('a cross-site navigation to /api/logout neither clears the cookie nor ends the session', async () => {
    const session = await signIn(app, email);
    const logout = await app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: session.cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expectApiError(logout, 403, 'FORBIDDEN');
    expect(logout.headers['set-cookie']).toBeUndefined();
    const refresh = await app.inject({
      method: 'GET',
      url: '/api/refresh',
      headers: { cookie: session.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(refresh.statusCode).toBe(200);
  });

  it('a cross-site refresh is refused and does not rotate the token', async () => {
    const session = await signIn(app, email);
    const crossSite = await app.inject({
      method: 'GET',
      url: '/api/refresh',
      headers: { cookie: session.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expectApiError(crossSite, 403, 'FORBIDDEN');
    const own = await app.inject({ method: 'GET', url: '/api/refresh', headers: { cookie: session.cookie } });
    expect(own.statusCode).toBe(200);
  });

  it('a same-origin sign-out still works', async () => {
    const session = await signIn(app, email);
    const res = await app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: session.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/refresh', headers: { cookie: session.cookie } });
    expect(after.statusCode).toBe(401);
  });
});
