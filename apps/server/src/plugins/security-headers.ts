import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet writes with `options`, worked out once: helmet's middleware run against a
 * response that only records them, in the order helmet sets them. None of them depends on the
 * request (no CSP nonces, no directive computed per request).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): readonly (readonly [string, string])[] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string) {
      const at = headers.findIndex(([n]) => n.toLowerCase() === name.toLowerCase());
      if (at >= 0) headers.splice(at, 1);
      headers.push([name, value]);
    },
    // helmet removes X-Powered-By, which Fastify never sets.
    removeHeader() {},
  };
  let failure: unknown;
  helmet({ ...options })({} as never, recorder as never, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Helmet's security headers on every answer (docs/security.md, "Headers"), set on the raw response
 * as each request arrives, as @fastify/helmet does, but computed once at start-up: @fastify/helmet
 * builds helmet's whole middleware (the Content-Security-Policy parsed again) for every request,
 * which cost a read about 4 % of the server's time (docs/architecture.md, "Hot paths").
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});
