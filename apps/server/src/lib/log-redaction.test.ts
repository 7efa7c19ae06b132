import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers/build-app.ts';
import { createUser, PASSWORD, registrationForm, signIn, type TSignedIn } from '../../test/helpers/factories.ts';
import { placeResetToken } from '../../test/helpers/recovery-fixtures.ts';
import { serializeError, serializeRequest } from './log-redaction.ts';

/** Every line the app logs, as written (JSON text), so a test can search all of it. */
const lines: string[] = [];
const stream = { write: (line: string) => void lines.push(line) };

const t = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
const app = t.app;
afterAll(() => t.close());

const tag = randomBytes(4).toString('hex');
const REGISTER_PASSWORD = `register secret ${tag}`;
const CHANGED_PASSWORD = `changed secret ${tag}`;
const RESET_PASSWORD = `reset secret ${tag}`;
const RESET_TOKEN = randomBytes(32).toString('base64url');
const EMAIL = `leaky.${tag}@example.com`;
const PHONE = `+44 20 7946 ${String(Number.parseInt(tag.slice(0, 4), 16) % 10000).padStart(4, '0')}`;
const ADDRESS = `${tag} Secretive Lane, London`;

interface TLogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { url?: string };
  err?: { type: string; message: string; stack: string; cause?: { code?: string; message?: string } };
}
const parsed = (): TLogLine[] => lines.map((l) => JSON.parse(l) as TLogLine);
/** The 500s logged for requests to `url` (matched through the request id of "incoming request"). */
function failures(url: string): TLogLine[] {
  const all = parsed();
  const ids = new Set(all.filter((l) => l.req?.url === url).map((l) => l.reqId));
  return all.filter((l) => l.level === 50 && l.msg === 'request failed' && ids.has(l.reqId));
}

function expectNoSecrets() {
  const all = lines.join('\n');
  for (const secret of [
    REGISTER_PASSWORD,
    CHANGED_PASSWORD,
    RESET_PASSWORD,
    RESET_TOKEN,
    createHash('sha256').update(RESET_TOKEN).digest('hex'),
    '$argon2id$',
    EMAIL,
    PHONE,
    PHONE.replace(/\D/g, ''),
    ADDRESS,
    'Secretive Lane',
  ]) {
    expect(all, `the logs hold ${secret}`).not.toContain(secret);
  }
}

describe('secrets in the logs of a failed database write', () => {
  let client: TSignedIn;
  let resetUser: { id: string };

  beforeAll(async () => {
    client = await signIn(app, (await createUser(app, 'Client')).email);
    resetUser = await createUser(app, 'Client');
    await placeResetToken(app, resetUser.id, RESET_TOKEN);
    // From now on every insert into or update of users fails, and PostgreSQL's error quotes the whole
    // failing row ("Failing row contains (…)") while drizzle's carries the statement's parameters.
    await app.db.execute(sql.raw('alter table users add constraint log_test_refuse check (false) not valid'));
  });
  afterAll(async () => {
    await app.db.execute(sql.raw('alter table users drop constraint if exists log_test_refuse'));
  });

  it('logs a failed registration as a 500 without the password, its hash, email, phone or address', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/client',
      payload: registrationForm({ email: EMAIL, phone: PHONE, address: ADDRESS, password: REGISTER_PASSWORD }),
    });
    expect(res.statusCode, res.body).toBe(500);
    const [line, ...more] = failures('/api/client');
    expect(more).toHaveLength(0);
    expect(line?.err?.message).toMatch(/^Failed query: insert into "users"/);
    expect(line?.err?.message).not.toContain('params:');
    expect(line?.err?.stack).not.toContain('params:');
    // What helps to debug stays: the SQLSTATE of the check violation and its message.
    expect(line?.err?.cause?.code).toBe('23514');
    expect(JSON.stringify(line?.err)).not.toMatch(/"(params|parameters|query|detail)"/);
    expectNoSecrets();
  });

  it('logs a failed password change as a 500 without the password or its hash', async () => {
    const url = `/api/user/changepswd/${client.id}`;
    const res = await app.inject({
      method: 'POST',
      url,
      headers: client.headers,
      payload: { currentPassword: PASSWORD, password: CHANGED_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(500);
    expect(failures(url)).toHaveLength(1);
    expectNoSecrets();
  });

  it('logs a failed password reset as a 500 without the token, the password or its hash', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/resetpswd',
      payload: { token: RESET_TOKEN, password: RESET_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(500);
    expect(failures('/api/user/resetpswd')).toHaveLength(1);
    expectNoSecrets();
  });
});

describe('redaction of every log line', () => {
  it('leaves the query string out of the logged url', async () => {
    await app.inject({ method: 'GET', url: `/api/health?token=${RESET_TOKEN}&email=${encodeURIComponent(EMAIL)}` });
    expect(parsed().some((l) => l.req?.url === '/api/health')).toBe(true);
    expectNoSecrets();
  });

  it('keeps only the path of a url logged as a field (the not-found line)', async () => {
    app.log.level = 'debug';
    try {
      await app.inject({ method: 'GET', url: `/api/no-such-thing?token=${RESET_TOKEN}` });
    } finally {
      app.log.level = 'info';
    }
    const notFound = parsed().find((l) => l.msg === 'no route') as (TLogLine & { url?: string }) | undefined;
    expect(notFound?.url).toBe('/api/no-such-thing');
    expectNoSecrets();
  });

  it('censors secret fields, headers and database parameters wherever the app logs them', () => {
    const before = lines.length;
    app.log.warn(
      {
        password: REGISTER_PASSWORD,
        user: { passwordHash: '$argon2id$v=19$m=19456', email: 'kept@example.com' },
        session: { refreshToken: RESET_TOKEN },
        recovery: { tempCode: 'ABC234', token: RESET_TOKEN },
        headers: { authorization: `Bearer ${RESET_TOKEN}`, cookie: `meridian_refresh=${RESET_TOKEN}` },
        upload: { image: `data:${RESET_TOKEN}` },
        failed: { params: [EMAIL, ADDRESS] },
      },
      'about to leak',
    );
    const added = lines.slice(before);
    expect(added).toHaveLength(1);
    const line = JSON.parse(added[0] as string);
    expect(line.password).toBe('[Redacted]');
    expect(line.user).toEqual({ passwordHash: '[Redacted]', email: 'kept@example.com' });
    expect(line.headers).toEqual({ authorization: '[Redacted]', cookie: '[Redacted]' });
    expectNoSecrets();
  });
});

describe('serializeError', () => {
  it("drops drizzle's parameters from the message, the stack and the fields, at every level", () => {
    const params = ['$argon2id$v=19$secret', EMAIL];
    const dbError = Object.assign(new Error('new row violates check constraint'), {
      code: '23514',
      detail: `Failing row contains (${params.join(', ')})`,
    });
    const err = Object.assign(new Error(`Failed query: insert into "users" values ($1, $2)\nparams: ${params}`), {
      query: 'insert into "users" values ($1, $2)',
      params,
      cause: dbError,
    });
    const out = serializeError(err);
    expect(out.message).toBe('Failed query: insert into "users" values ($1, $2)');
    expect(out.stack.split('\n')[1]).toMatch(/^\s+at /);
    expect(out.cause).toMatchObject({ code: '23514', message: 'new row violates check constraint' });
    const text = JSON.stringify(out);
    expect(text).not.toContain('argon2id');
    expect(text).not.toContain(EMAIL);
  });

  it('cuts a params line it cannot match verbatim and survives a cause cycle', () => {
    const err = new Error('Failed query: select 1\nparams: a@b.c,\n  12 Main St') as Error & { cause?: unknown };
    err.cause = err;
    const out = serializeError(err);
    expect(out.message).toBe('Failed query: select 1');
    expect(JSON.stringify(out)).not.toContain('Main St');
  });

  it('serializes a request without its query string', () => {
    expect(serializeRequest({ method: 'GET', url: '/reset-password?token=abc', ip: '127.0.0.1' })).toMatchObject({
      method: 'GET',
      url: '/reset-password',
      remoteAddress: '127.0.0.1',
    });
  });
});
