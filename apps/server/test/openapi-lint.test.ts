import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-app.ts';

/**
 * The API description the server serves passes `redocly lint` with the project's redocly.yaml, run
 * as the installed CLI on the document `GET /api/docs/json` answers (docs/architecture.md, "Endpoints").
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const REDOCLY = join(ROOT, 'node_modules', '.bin', 'redocly');

let t: TestApp;
let dir: string;
let document: {
  servers?: unknown[];
  paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
};

beforeAll(async () => {
  t = await buildTestApp();
  dir = mkdtempSync(join(tmpdir(), 'meridian-openapi-'));
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
  writeFileSync(join(dir, 'openapi.json'), res.body);
}, 120_000);

afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

describe('the API description', () => {
  it('passes redocly lint with no errors', async () => {
    const run = await promisify(execFile)(
      REDOCLY,
      ['lint', join(dir, 'openapi.json'), '--config', join(ROOT, 'redocly.yaml'), '--format', 'json'],
      // No telemetry and no update check: the run must not depend on the network.
      {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((err: { code?: number; stdout?: string; stderr?: string }) => err);
    const report = JSON.parse(run.stdout ?? '{}') as {
      totals?: { errors: number; warnings: number };
      problems?: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = (report.problems ?? [])
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals?.errors).toBe(0);
    expect('code' in run ? run.code : 0).toBe(0);
  }, 120_000);

  it('names each operation after its endpoint definition and says which need a session', () => {
    const login = document.paths['/api/login']?.post;
    expect(login?.operationId).toBe('login');
    expect(login?.security).toEqual([]);
    const fund = document.paths['/api/user/fund/{userId}']?.post;
    expect(fund?.operationId).toBe('creditBalance');
    expect(fund?.security).toEqual([{ bearerAuth: [] }]);
    const ids = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((o) => o.operationId));
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.servers).toEqual([{ url: '/' }]);
  });
});
