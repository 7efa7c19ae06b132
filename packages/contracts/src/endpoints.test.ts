import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { TEndpoint } from './endpoint.ts';

/** Every endpoint definition of `endpoints/`, by "file: export". */
const files = readdirSync(new URL('./endpoints/', import.meta.url)).filter((f) => f.endsWith('.ts'));
const endpoints: [string, TEndpoint][] = [];
for (const file of files) {
  const module = (await import(`./endpoints/${file}`)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(module)) {
    if (value && typeof value === 'object' && 'method' in value && 'path' in value) {
      endpoints.push([`${file}: ${name}`, value as TEndpoint]);
    }
  }
}

describe.each(endpoints)('%s', (_name, endpoint) => {
  it('names in its params schema exactly the parameters of its path', () => {
    const inPath = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
    const shape = (endpoint.params as z.ZodObject | undefined)?.shape ?? {};
    expect(Object.keys(shape).sort()).toEqual(inPath);
  });

  it('sends a body only with a method that carries one, and answers JSON unless it produces a file or stream', () => {
    if (endpoint.method === 'GET' || endpoint.method === 'DELETE') expect(endpoint.body).toBeUndefined();
    expect(endpoint.response === undefined).toBe(endpoint.produces !== undefined);
  });

  it('takes an Idempotency-Key only where it changes something', () => {
    if (endpoint.idempotent) expect(endpoint.method).not.toBe('GET');
  });
});

it('defines each method and path once', () => {
  const routes = endpoints.map(([, e]) => `${e.method} ${e.path}`);
  expect(routes.length).toBeGreaterThan(90);
  expect(new Set(routes).size).toBe(routes.length);
});
