import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers/build-app.ts';

/** The built web app is served beside the API, with client-side routes surviving a reload. */
describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'meridian-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Meridian</title>');
    mkdirSync(join(dist, 'pages'));
    writeFileSync(join(dist, 'pages', 'user.html'), '<!doctype html><title>Meridian</title><!-- client area -->');
    writeFileSync(join(dist, 'page-init.js'), '// theme');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
    t = await buildTestApp({ WEB_DIST: dist });
  });
  afterAll(() => t.close());

  it('answers a client-side route with index.html, not cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/user/balance?tab=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Meridian</title>');
  });

  it("answers an area's addresses with the area's copy of index.html, which preloads its code", async () => {
    for (const url of ['/user', '/user/balance?tab=1', '/user?next=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<!-- client area -->');
    }
    // An area without its own copy, or an address only starting like one, gets index.html.
    for (const url of ['/admin', '/users', '/auth/user/login']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('<!-- client area -->');
    }
  });

  it('answers a client-side route without piling listeners on the response', async () => {
    // Each await of an unsent reply watches the response ('close' listeners until it ends): the page
    // fallback once went through two send pipelines and passed Node's limit of 10 on one response.
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      for (const url of ['/user/balance', '/']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      }
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
  });

  it('answers the site root with index.html (the home page)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Meridian</title>');
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves the files without a hash from the cache at once, checked in the background', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/page-init.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, stale-while-revalidate=604800');
    for (const url of ['/', '/user']) {
      expect((await t.app.inject({ method: 'GET', url })).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends the precompressed copy of an asset to a browser that accepts it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('keeps a missing file and an unknown API path as JSON 404s', async () => {
    for (const url of ['/assets/app-old999.js', '/api/no-such-route', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'NOT_FOUND', key: 'errors.notFound', params: {}, message: 'Not found' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/user/balance', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});
