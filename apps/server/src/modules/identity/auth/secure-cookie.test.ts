import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers/build-app.ts';
import { createUser, PASSWORD } from '../../../../test/helpers/factories.ts';
import { loadConfig } from '../../../config.ts';
import { REFRESH_COOKIE } from './session-cookie.ts';

describe('COOKIE_SECURE in the configuration', () => {
  // Production requires the site's address; it plays no part here.
  const secure = (env: NodeJS.ProcessEnv) =>
    loadConfig({ PUBLIC_URL: 'https://trade.example.com', ...env }).COOKIE_SECURE;

  it('is true in production unless explicitly false', () => {
    expect(secure({ NODE_ENV: 'production' })).toBe('true');
    expect(secure({ NODE_ENV: 'production', COOKIE_SECURE: 'auto' })).toBe('true');
    expect(secure({ NODE_ENV: 'production', COOKIE_SECURE: 'true' })).toBe('true');
    expect(secure({ NODE_ENV: 'production', COOKIE_SECURE: 'false' })).toBe('false');
  });

  it('stays auto in development and tests', () => {
    expect(secure({})).toBe('auto');
    expect(secure({ NODE_ENV: 'development' })).toBe('auto');
    expect(secure({ NODE_ENV: 'test' })).toBe('auto');
    expect(secure({ NODE_ENV: 'development', COOKIE_SECURE: 'true' })).toBe('true');
  });

  it('applies to settings given as overrides too', () => {
    const site = { PUBLIC_URL: 'https://trade.example.com' };
    expect(loadConfig({}, { ...site, NODE_ENV: 'production' }).COOKIE_SECURE).toBe('true');
    expect(loadConfig({}, { ...site, NODE_ENV: 'production', COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe('false');
  });
});

describe('the refresh cookie set by a sign-in', () => {
  let dev: TestApp;
  let email: string;
  beforeAll(async () => {
    dev = await buildTestApp({ NODE_ENV: 'development' });
    email = (await createUser(dev.app, 'Client')).email;
  });
  afterAll(() => dev.close());

  /** The raw Set-Cookie of the refresh cookie after signing in to `t` with these headers. */
  async function signInCookie(t: TestApp, headers: Record<string, string> = {}): Promise<string> {
    const res: LightMyRequestResponse = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers,
      payload: { email, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const header = res.headers['set-cookie'];
    const all = Array.isArray(header) ? header : header ? [header] : [];
    const found = all.find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
    if (!found) throw new Error('no Set-Cookie for the refresh cookie');
    return found;
  }
  const isSecure = (cookie: string) => /;\s*Secure(;|$)/i.test(cookie);

  it('is Secure in production by default, also behind a TLS proxy without TRUST_PROXY', async () => {
    const prod = await buildTestApp({ NODE_ENV: 'production' }, { sameDatabaseAs: dev });
    try {
      expect(prod.app.config.COOKIE_SECURE).toBe('true');
      expect(isSecure(await signInCookie(prod))).toBe(true);
      expect(isSecure(await signInCookie(prod, { 'x-forwarded-proto': 'https' }))).toBe(true);
    } finally {
      await prod.close();
    }
  });

  it('is not Secure in production with COOKIE_SECURE=false', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
      PUBLIC_URL: 'https://trade.example.com',
    });
    const prod = await buildTestApp(
      { NODE_ENV: config.NODE_ENV, COOKIE_SECURE: config.COOKIE_SECURE },
      { sameDatabaseAs: dev },
    );
    try {
      const cookie = await signInCookie(prod);
      expect(isSecure(cookie)).toBe(false);
      expect(cookie).toMatch(/HttpOnly/i);
    } finally {
      await prod.close();
    }
  });

  it('follows the request in development (auto): plain HTTP not Secure, HTTPS through a trusted proxy Secure', async () => {
    expect(dev.app.config.COOKIE_SECURE).toBe('auto');
    expect(isSecure(await signInCookie(dev))).toBe(false);
    // Without TRUST_PROXY the forwarded protocol is ignored, as before.
    expect(isSecure(await signInCookie(dev, { 'x-forwarded-proto': 'https' }))).toBe(false);
    const proxied = await buildTestApp(
      { NODE_ENV: 'development', TRUST_PROXY: ['127.0.0.1'] },
      { sameDatabaseAs: dev },
    );
    try {
      expect(isSecure(await signInCookie(proxied, { 'x-forwarded-proto': 'https' }))).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});
