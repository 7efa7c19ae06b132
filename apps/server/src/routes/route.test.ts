import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TEndpoint } from '@meridian/contracts/endpoint';
import { describe, expect, it } from 'vitest';

/**
 * An idempotent route's handler works on the database `route()` hands it (`TRouteContext.db`: the
 * transaction that also stores the Idempotency-Key and the answer, docs/money.md, "Idempotency"), never
 * on the app's pool, which would commit its change outside that transaction. Read from the route files:
 * each `route(app, endpoint, …)` call of an endpoint marked `idempotent` takes `{ db }` and names no
 * `app.db`.
 */

const ROUTES = fileURLToPath(new URL('.', import.meta.url));
const ENDPOINTS = fileURLToPath(new URL('../../../../packages/contracts/src/endpoints/', import.meta.url));

const routeFiles = (['admin', 'client', 'public'] as const).flatMap((scope) =>
  readdirSync(join(ROUTES, scope))
    .filter((name) => name.endsWith('.routes.ts'))
    .map((name) => join(ROUTES, scope, name)),
);

/** The text of each `route(app, <name>, …)` call, up to its closing parenthesis. */
function routeCalls(source: string): { endpoint: string; text: string }[] {
  const calls: { endpoint: string; text: string }[] = [];
  for (const match of source.matchAll(/\broute\(\s*app,\s*(\w+),/g)) {
    let depth = 0;
    let end = match.index;
    for (; end < source.length; end++) {
      if (source[end] === '(') depth++;
      if (source[end] === ')' && --depth === 0) break;
    }
    calls.push({ endpoint: match[1] as string, text: source.slice(match.index, end + 1) });
  }
  return calls;
}

async function idempotentEndpoints(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const file of readdirSync(ENDPOINTS).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    const definitions = (await import(join(ENDPOINTS, file))) as Record<string, Partial<TEndpoint>>;
    for (const [name, definition] of Object.entries(definitions)) {
      if (definition?.idempotent === true) names.add(name);
    }
  }
  return names;
}

describe('idempotent routes', () => {
  it("hand their service the transaction route() gives them, not the app's database", async () => {
    const idempotent = await idempotentEndpoints();
    expect(idempotent.size).toBeGreaterThan(0);
    const registered = new Set<string>();
    const reachingPast: string[] = [];
    for (const file of routeFiles) {
      for (const call of routeCalls(readFileSync(file, 'utf8'))) {
        if (!idempotent.has(call.endpoint)) continue;
        registered.add(call.endpoint);
        if (call.text.includes('app.db') || !/\{ db \}\) =>/.test(call.text)) reachingPast.push(call.endpoint);
      }
    }
    expect(reachingPast).toEqual([]);
    // Every idempotent endpoint was found, so none escaped the reading above.
    expect([...registered].sort()).toEqual([...idempotent].sort());
  });
});
