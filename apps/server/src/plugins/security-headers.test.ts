import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-app.ts';

/** The headers @fastify/helmet wrote with app.ts's options, in its order, taken from it before the switch. */
const HELMET_HEADERS = [
  [
    'content-security-policy',
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline'",
  ],
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'no-referrer'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

describe('security headers (computed once at start-up)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['an answer', '/api/health/live', 200],
    ['a refusal of the client scope', '/api/balance/00000000-0000-4000-8000-000000000000', 401],
    ['an unknown address', '/api/nothing-here', 404],
  ])('are the same headers, in the same order, on %s', async (_what, url, status) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(status);
    const names = new Set(HELMET_HEADERS.map(([name]) => name));
    expect(Object.entries(res.headers).filter(([name]) => names.has(name))).toEqual(HELMET_HEADERS);
  });
});
