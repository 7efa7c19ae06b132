import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUpload } from '../../../../test/helpers/bodies.ts';
import { buildTestApp } from '../../../../test/helpers/build-app.ts';
import { createUser } from '../../../../test/helpers/factories.ts';
import { makeImage } from '../../../../test/helpers/images.ts';

/**
 * Whether an email has an account must not show in sign-in, forgot-password or unlock answers: not in
 * the status, not in the body, not in the timing (docs/security.md, "Sign-in" and "Recovery").
 */
let photo: Buffer;
const t = await buildTestApp();
const app = t.app;
afterAll(() => t.close());

beforeAll(async () => {
  photo = await makeImage('jpeg', 200);
});

const login = (email: string) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'not the password' } });
const recovery = (path: string, email: string) =>
  app.inject({
    method: 'POST',
    url: `/api/unlock/${path}`,
    ...asUpload({ email }, [
      { name: 'verificationImage', filename: 'me.jpg', contentType: 'image/jpeg', content: photo },
    ]),
  });

/** What an observer sees of an answer: status and body, with the lock's time cut to the minute. */
function visible(res: Awaited<ReturnType<typeof login>>) {
  const body = res.json() as Record<string, unknown>;
  for (const key of ['lockedUntil'] as const)
    if (typeof body[key] === 'string') body[key] = String(body[key]).slice(0, 16);
  if (body.params && typeof body.params === 'object') {
    const params = body.params as Record<string, unknown>;
    if (typeof params.until === 'string') params.until = params.until.slice(0, 16);
  }
  if (typeof body.message === 'string') body.message = body.message.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/, 'T');
  return { status: res.statusCode, body };
}

/**
 * The fastest answer of `run` for each email, taken in turns. The work that differs between the two
 * cases happens before a common floor; a busy machine only ever adds time, so each case's fastest
 * answer shows whether it waited for the floor. (Comparing the two cases' times directly is noise on
 * a shared machine: answers vary by ±100 ms under load.)
 */
async function answerTimes(emails: [string, string], run: (email: string) => Promise<unknown>, rounds: number) {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < rounds; i++) {
    for (const which of [0, 1] as const) {
      const started = performance.now();
      await run(emails[which]);
      times[which].push(performance.now() - started);
    }
  }
  return { fastest: times.map((t) => Math.min(...t)) as [number, number] };
}

describe('sign-in', () => {
  it('an email without an account gets the same answers, counter and lock as an account with a wrong password', async () => {
    const known = (await createUser(app, 'Client')).email;
    const unknown = `nobody.${Date.now()}@example.com`;
    for (const remaining of [4, 3, 2, 1]) {
      const [a, b] = [visible(await login(known)), visible(await login(unknown))];
      expect(a).toEqual(b);
      expect(a).toMatchObject({
        status: 401,
        body: { key: 'errors.invalidEmailOrPassword', attemptsRemaining: remaining },
      });
    }
    const [lockedKnown, lockedUnknown] = [visible(await login(known)), visible(await login(unknown))];
    expect(lockedKnown).toEqual(lockedUnknown);
    expect(lockedKnown).toMatchObject({ status: 423, body: { error: 'ACCOUNT_LOCKED' } });
    // Still locked, both, with the same answer.
    expect(visible(await login(known))).toEqual(visible(await login(unknown)));
  });

  it('a closed account answers like an email without one', async () => {
    const closed = (await createUser(app, 'Client', { closedAt: new Date() })).email;
    const unknown = `nobody.else.${Date.now()}@example.com`;
    expect(visible(await login(closed))).toEqual(visible(await login(unknown)));
  });

  it('waits for the same floor (150 ms) with and without an account', async () => {
    const known = (await createUser(app, 'Client')).email;
    // Fresh emails each round, so neither reaches the lock.
    const emails: [string, string] = [known, `timing.${Date.now()}@example.com`];
    const { fastest } = await answerTimes(emails, login, 4);
    // Every refusal takes at least the floor (150 ms), whichever the case.
    expect(Math.min(...fastest)).toBeGreaterThanOrEqual(148);
  });
});

describe.each(['forgot-password', 'request'])('POST /api/unlock/%s', (path) => {
  it('answers an email with an account and one without alike, both after the same floor (250 ms)', async () => {
    const known = (await createUser(app, 'Client')).email;
    const unknown = `nobody.${path}.${Date.now()}@example.com`;
    const [a, b] = [await recovery(path, known), await recovery(path, unknown)];
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
    const { fastest } = await answerTimes([known, unknown], (email) => recovery(path, email), 4);
    // At least the floor after the photo check (250 ms), whichever the case.
    expect(Math.min(...fastest)).toBeGreaterThanOrEqual(248);
  });
});
