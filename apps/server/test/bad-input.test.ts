import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users.ts';
import { expectApiError, expectClientError } from './helpers/api-error.ts';
import { asJson, asMultipart, ENCODINGS, encode, type TEncodedBody, type TEncoding } from './helpers/bodies.ts';
import { buildTestApp, type TestApp } from './helpers/build-app.ts';
import { signIn, type TSignedIn } from './helpers/factories.ts';
import { createRouteCallers, type TRouteAccounts } from './helpers/route-callers.ts';
import {
  CALLERS,
  pathOf,
  ROUTES,
  routeName,
  type TCallerName,
  type TRouteContext,
  type TRouteRow,
} from './route-table.ts';

/**
 * Malformed input at every route of the table that takes a body or path params: whatever arrives,
 * the answer is a 4xx in the API's error shape with a readable message, never a 5xx. Bad input is
 * sent by a caller who may call the route, so what refuses it is the input check, not the access check.
 */

let ctx: TRouteContext;
let accounts: TRouteAccounts;
const sessions = new Map<TCallerName, TSignedIn>();
const t = await buildTestApp();
const app = t.app;
afterAll(() => t.close());

beforeAll(async () => {
  ({ accounts, ctx } = await createRouteCallers(app));
});

/** Who sends the bad input: client A where allowed, else an admin, else anyone. */
function senderOf(row: TRouteRow): TCallerName {
  const order = ['clientA', 'admin', 'agent', 'anonymous'] as const;
  // A route whose good input is still refused for the caller's account (`refused`), or that nobody
  // passes without a credential of its own (the second sign-in step's challenge), validates first.
  const preferred =
    order.find((c) => row.access[c] === 'ok') ??
    order.find((c) => row.access[c] === 'refused') ??
    (Object.values(row.access).every((a) => a === 'unauthenticated') ? 'anonymous' : undefined);
  if (!preferred) throw new Error(`${routeName(row)}: nobody may call it`);
  return preferred;
}

async function headersOf(caller: TCallerName): Promise<Record<string, string>> {
  if (caller === 'anonymous') return {};
  let session = sessions.get(caller);
  if (!session) {
    session = await signIn(app, accounts[caller].email);
    sessions.set(caller, session);
  }
  return { ...session.headers, cookie: session.cookie };
}

/** Sends one malformed request as the row's sender and checks the refusal. */
async function sendBad(
  row: TRouteRow,
  label: string,
  request: { url?: string; payload?: string; headers?: Record<string, string> },
): Promise<LightMyRequestResponse> {
  const options: InjectOptions = {
    method: row.method,
    url: request.url ?? pathOf(row, ctx),
    headers: { ...(await headersOf(senderOf(row))), ...request.headers },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  };
  const res = await app.inject(options);
  expectClientError(res, `${routeName(row)} ${label}`);
  // Refused for what was sent, not for who sent it (a lost session would hide the input check).
  expect([401, 403], `${label}: ${res.body}`).not.toContain(res.statusCode);
  return res;
}

const isRequired = (schema: { safeParse(v: unknown): { success: boolean } }) => !schema.safeParse(undefined).success;

const HUGE = 'x'.repeat(100 * 1024);

/** What PostgreSQL cannot store in text: a NUL byte, and half of a UTF-16 surrogate pair. */
const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';

/**
 * Text with a character no field takes, alone and inside an otherwise valid value. A lone surrogate
 * only travels in JSON: a form encodes text as UTF-8, which turns it into U+FFFD on the way.
 */
function forbiddenTextValues(encoding: TEncoding, sample: unknown): string[] {
  const inside = (bad: string) =>
    typeof sample === 'string' && sample.length > 0 ? [`${sample.slice(0, 1)}${bad}${sample.slice(1)}`] : [];
  const values = [`a${NUL}b`, NUL, ...inside(NUL)];
  if (encoding === 'json') values.push(LONE_SURROGATE, `a${LONE_SURROGATE}b`, ...inside(LONE_SURROGATE));
  return values;
}
const OVER_LIMIT = 'x'.repeat(1024 * 1024 + 1024);

/** Values of the wrong JSON type for a field; any the field's own schema accepts are left out. */
function wrongValuesFor(schema: { safeParse(v: unknown): { success: boolean } }, sample: unknown): unknown[] {
  const candidates = [12345, -1, 1.5, true, false, null, [], [sample ?? 'x'], {}, { value: sample ?? 'x' }, 'yes'];
  return candidates.filter((v) => !schema.safeParse(v).success);
}

const bodyRows = ROUTES.filter((r) => r.body);

describe.each(bodyRows.map((row) => [routeName(row), row] as const))('%s', (_name, row) => {
  const spec = row.body as NonNullable<TRouteRow['body']>;
  const fields = Object.entries(spec.schema.shape);
  const encodings = spec.encodings;
  const send = (label: string, body: Partial<TEncodedBody>) => sendBad(row, label, body);

  /** Nothing the refused requests carried may have reached the database. */
  let usersBefore = 0;
  const countUsers = async () => {
    const [row] = await app.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? -1;
  };
  beforeAll(async () => {
    usersBefore = await countUsers();
  });
  afterAll(async () => {
    expect(await countUsers()).toBe(usersBefore);
    const [owner] = await app.db.select().from(users).where(eq(users.id, ctx.owner.id));
    expect(owner?.failedLogins).toBe(0);
    expect(owner?.lockedUntil).toBeNull();
  });

  it.each(encodings)('refuses missing fields (%s)', async (encoding) => {
    await send('empty object', encode(encoding, {}));
    for (const [name] of fields.filter(([, schema]) => isRequired(schema))) {
      const body = spec.sample(ctx);
      delete body[name];
      const res = await send(`without ${name}`, encode(encoding, body));
      expect(res.json().fieldErrors?.[name], `missing ${name}`).toBeTruthy();
    }
  });

  it('refuses values of the wrong type in every field (JSON)', async () => {
    for (const [name, schema] of fields) {
      const sample = spec.sample(ctx)[name];
      for (const value of wrongValuesFor(schema, sample)) {
        await send(`${name} = ${JSON.stringify(value)}`, asJson({ ...spec.sample(ctx), [name]: value }));
      }
    }
  });

  it('refuses a body that is not an object (JSON)', async () => {
    for (const value of [[], [spec.sample(ctx)], 'text', 42, true, null]) {
      await send(`body = ${JSON.stringify(value)}`, asJson(value));
    }
  });

  it.each(encodings.filter((e) => e !== 'json'))(
    'refuses repeated fields and files in text fields (%s)',
    async (encoding) => {
      for (const [name] of fields) {
        const body = spec.sample(ctx);
        const value = typeof body[name] === 'string' ? body[name] : 'x';
        await send(`${name} twice`, encode(encoding, { ...body, [name]: [value, value] }));
      }
      if (encoding === 'multipart') {
        for (const [name] of fields) {
          const body = spec.sample(ctx);
          delete body[name];
          await send(`${name} as a file`, asMultipart(body, [{ name, filename: 'x.txt', content: 'hello' }]));
        }
      }
    },
  );

  it.each(encodings)('refuses 100 KB strings in every field (%s)', async (encoding) => {
    for (const [name] of fields) {
      await send(`${name} = 100 KB`, encode(encoding, { ...spec.sample(ctx), [name]: HUGE }));
    }
  });

  it.each(encodings)('refuses NUL and lone surrogates in every field, naming it (%s)', async (encoding) => {
    for (const [name] of fields) {
      const sample = spec.sample(ctx)[name];
      for (const value of forbiddenTextValues(encoding, sample)) {
        const label = `${name} = ${JSON.stringify(value)}`;
        const res = await send(label, encode(encoding, { ...spec.sample(ctx), [name]: value }));
        if (typeof sample === 'string') expect(res.json().fieldErrors?.[name], label).toBeTruthy();
      }
    }
  });

  it.each(encodings)('refuses unknown extra fields and names them (%s)', async (encoding) => {
    const extras: Record<string, unknown> = {
      type: 'Admin',
      roles: 'Admin',
      isAdmin: 'true',
      isActive: 'true',
      balance: '1000000',
      id: ctx.owner.id,
      constructor: 'x',
    };
    for (const [name, value] of Object.entries(extras)) {
      // A field the schema has (the id of an update sent in the body) is not an extra one.
      if (Object.hasOwn(spec.schema.shape, name)) continue;
      const res = await send(`extra ${name}`, encode(encoding, { ...spec.sample(ctx), [name]: value }));
      if (encoding === 'json') expect(res.json().message).toContain(name);
    }
  });

  it('refuses text that is not JSON sent as JSON', async () => {
    const headers = { 'content-type': 'application/json' };
    for (const payload of ['not json', '{"email":', "{'password': 'x'}", '<xml/>', 'undefined', 'NaN', '{"a":1}}']) {
      const res = await send(`json ${payload}`, { payload, headers });
      expect(res.json().message).toBe('The request body is not valid JSON');
    }
    // Prototype-poisoning keys are refused by the JSON parser itself.
    await send('json __proto__', { payload: '{"__proto__":{"isAdmin":true}}', headers });
  });

  it.each(ENCODINGS.filter((e) => !encodings.includes(e)))(
    'refuses a well-formed %s body, an encoding its contract does not name, with 415',
    async (encoding) => {
      const res = await send(encoding, encode(encoding, spec.sample(ctx)));
      expectApiError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
    },
  );

  it('refuses a content type it does not take with 415', async () => {
    for (const type of ['application/xml', 'text/csv', 'application/octet-stream', 'image/png']) {
      const res = await send(type, { payload: '<a>1</a>', headers: { 'content-type': type } });
      expectApiError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
    }
    // text/plain is read as a string, which is not an object.
    await send('text/plain', { payload: 'email=a', headers: { 'content-type': 'text/plain' } });
  });

  it('refuses an empty body in every form', async () => {
    await send('no body, no content type', {});
    await send('empty JSON', { payload: '', headers: { 'content-type': 'application/json' } });
    for (const encoding of encodings.filter((e) => e !== 'json')) {
      await send(`empty ${encoding}`, encode(encoding, {}));
      await send(`zero-length ${encoding}`, { payload: '', headers: encode(encoding, {}).headers });
    }
  });

  it('refuses a body over 1 MB', async () => {
    const json = await send('1 MB JSON', asJson({ ...spec.sample(ctx), [fields[0]?.[0] ?? 'x']: OVER_LIMIT }));
    expectApiError(json, 413, 'PAYLOAD_TOO_LARGE', 'The request is too large');
    for (const encoding of encodings.filter((e) => e !== 'json')) {
      await send(`1 MB ${encoding}`, encode(encoding, { ...spec.sample(ctx), [fields[0]?.[0] ?? 'x']: OVER_LIMIT }));
    }
    if (encodings.includes('multipart')) {
      await send(
        '1 MB file',
        asMultipart(spec.sample(ctx), [{ name: 'upload', filename: 'big.bin', content: OVER_LIMIT }]),
      );
    }
  });

  if (!encodings.includes('multipart')) return;
  it('refuses malformed multipart bodies', async () => {
    const good = asMultipart(spec.sample(ctx));
    const boundary = /boundary=(.+)$/.exec(good.headers['content-type'] ?? '')?.[1] ?? '';
    const cases: Array<[string, TEncodedBody]> = [
      ['garbage', { payload: 'garbage', headers: good.headers }],
      ['no boundary', { payload: good.payload, headers: { 'content-type': 'multipart/form-data' } }],
      ['wrong boundary', { payload: good.payload, headers: { 'content-type': 'multipart/form-data; boundary=nope' } }],
      ['truncated', { payload: good.payload.slice(0, good.payload.length / 2), headers: good.headers }],
      ['no closing boundary', { payload: good.payload.replace(`--${boundary}--\r\n`, ''), headers: good.headers }],
      ['JSON sent as multipart', { payload: JSON.stringify(spec.sample(ctx)), headers: good.headers }],
      [
        'header without a name',
        {
          payload: `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`,
          headers: good.headers,
        },
      ],
      [
        'boundary too long',
        { payload: good.payload, headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}` } },
      ],
    ];
    for (const [label, body] of cases) await send(label, body);
  });
});

const paramRows = ROUTES.filter((r) => r.url.includes('/:'));

describe.each(paramRows.map((row) => [routeName(row), row] as const))('%s', (_name, row) => {
  it('refuses malformed ids in the path', async () => {
    const ids = [
      'not-a-uuid',
      '12345',
      '-1',
      ctx.owner.id.replaceAll('-', ''),
      `${ctx.owner.id}x`,
      ctx.owner.id.toUpperCase().replace(/.$/, 'Z'),
      "' or '1'='1",
      '../../etc/passwd',
      '%00',
      'a'.repeat(500),
      'null',
      '{}',
    ];
    for (const id of ids) {
      const url = row.url.replace(/:\w+/g, encodeURIComponent(id));
      await sendBad(row, `id ${id.slice(0, 40)}`, { url, ...(row.body ? asJson(row.body.sample(ctx)) : {}) });
    }
    // Broken percent-encoding never reaches a handler.
    const broken = row.url.replace(/:\w+/g, '%E0%A4%A');
    await sendBad(row, 'broken escape', { url: broken, ...(row.body ? asJson(row.body.sample(ctx)) : {}) });
  });
});

const queryRows = ROUTES.filter((r) => r.query);

describe.each(queryRows.map((row) => [routeName(row), row] as const))('%s', (_name, row) => {
  it('refuses NUL and lone surrogates in every query value, naming it', async () => {
    const pairs = (row.query ?? '').split('&').map((pair) => pair.split('=') as [string, string]);
    const path = pathOf(row, ctx).split('?')[0];
    for (const [name, sample] of pairs) {
      const withValue = (value: string) => pairs.map(([n, v]) => `${n}=${n === name ? value : v}`).join('&');
      for (const value of ['%00', 'a%00b', `${sample}%00`]) {
        const query = withValue(value);
        const res = await sendBad(row, `?${query}`, { url: `${path}?${query}` });
        expect(res.json().fieldErrors?.[name], `?${query}`).toBeTruthy();
      }
      // A URL carries a surrogate as its three UTF-8 bytes, which are not valid UTF-8: read as
      // U+FFFD (valid text) or refused, never a 5xx.
      for (const value of ['%ED%A0%80', 'a%ED%A0%80b', `${sample}%ED%A0%80`]) {
        const query = withValue(value);
        const res = await app.inject({
          method: row.method,
          url: `${path}?${query}`,
          headers: await headersOf(senderOf(row)),
        });
        if (res.statusCode >= 400) expectClientError(res, `${routeName(row)} ?${query}`);
        else expect(res.statusCode, `?${query}: ${res.body}`).toBeLessThan(300);
      }
    }
  });
});

describe('anonymous callers on signed-in routes', () => {
  const guarded = ROUTES.filter((r) => r.access.anonymous === 'unauthenticated' && r.url.includes('/:'));
  it.each(guarded.map((row) => [routeName(row), row] as const))(
    '%s answers 401 before looking at the input',
    async (_name, row) => {
      const variants: Array<{ url: string; body?: TEncodedBody }> = [
        { url: row.url.replace(/:\w+/g, 'not-a-uuid') },
        { url: pathOf(row, ctx), body: asJson({ nonsense: true }) },
        { url: pathOf(row, ctx), body: { payload: 'garbage', headers: { 'content-type': 'application/json' } } },
        { url: pathOf(row, ctx), body: asMultipart({}, [{ name: 'f', filename: 'f.bin', content: HUGE }]) },
      ];
      for (const variant of variants) {
        const res = await app.inject({
          method: row.method,
          url: variant.url,
          ...(variant.body ? { payload: variant.body.payload, headers: variant.body.headers } : {}),
        });
        expectApiError(res, 401, 'UNAUTHORIZED');
      }
    },
  );
});

describe('rate limit on sign-in', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 3 }, { sameDatabaseAs: t });
  });
  afterAll(() => limited.close());

  it('answers the 4th login within a minute with 429 RATE_LIMITED', async () => {
    const attempt = () =>
      limited.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'who@example.com', password: 'x' } });
    for (let i = 0; i < 3; i++) expectApiError(await attempt(), 401, 'INVALID_CREDENTIALS');
    const res = await attempt();
    expectApiError(res, 429, 'RATE_LIMITED', 'Too many requests, please wait a moment and try again');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Other routes are not limited by it.
    expect((await limited.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

it('covers every caller of the table', () => {
  // A guard against a table edit that silently drops a caller from the checks above.
  for (const row of ROUTES) expect(Object.keys(row.access).sort()).toEqual([...CALLERS].sort());
});
