/**
 * Sign-in and authenticated-request cost, through the whole app (app.inject, no network), on the
 * embedded database and, when DATABASE_URL is set, on PostgreSQL. Prints medians and ratios.
 *
 *   npx tsx --conditions=source bench/auth-requests.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx --conditions=source bench/auth-requests.ts
 */
import { performance } from 'node:perf_hooks';
import { buildTestApp } from '../apps/server/test/helpers/build-app.ts';
import { registrationForm } from '../apps/server/test/helpers/factories.ts';

const LOGINS = 40;
const REQUESTS = 400;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function run() {
  const t = await buildTestApp();
  const form = registrationForm();
  const reg = await t.app.inject({ method: 'POST', url: '/api/client', payload: form });
  if (reg.statusCode !== 201) throw new Error(`registration failed: ${reg.body}`);

  const loginTimes: number[] = [];
  let token = '';
  let userId = '';
  for (let i = 0; i < LOGINS; i++) {
    const start = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: form.email, password: form.password },
    });
    loginTimes.push(performance.now() - start);
    const body = res.json<{ accessToken: string; user: { id: string } }>();
    token = body.accessToken;
    userId = body.user.id;
  }

  const requestTimes: number[] = [];
  const healthTimes: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    let start = performance.now();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/client/${userId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    requestTimes.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`authenticated request failed: ${res.statusCode}`);
    start = performance.now();
    await t.app.inject({ method: 'GET', url: '/api/health' });
    healthTimes.push(performance.now() - start);
  }
  await t.close();

  const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const login = median(loginTimes);
  const authed = median(requestTimes);
  const health = median(healthTimes);
  console.log(`database: ${db}`);
  console.log(`sign-in (argon2id verify + session rows): median ${login.toFixed(2)} ms over ${LOGINS}`);
  console.log(`authenticated GET /api/client/{id}:        median ${authed.toFixed(3)} ms over ${REQUESTS}`);
  console.log(`unauthenticated GET /api/health:          median ${health.toFixed(3)} ms over ${REQUESTS}`);
  console.log(`ratio sign-in / authenticated request: ${(login / authed).toFixed(1)}x`);
  console.log(
    `ratio authenticated request / health:  ${(authed / health).toFixed(2)}x (cost of token + session check)`,
  );
}

await run();
