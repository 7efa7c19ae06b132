import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/audit.ts';
import { recordAudit, toAuditJson } from '../src/modules/back-office/audit/audit.repository.ts';
import { expectApiError } from './helpers/api-error.ts';
import { ENCODINGS, encode } from './helpers/bodies.ts';
import { buildSignedInApp } from './helpers/build-app.ts';
import { createUser, registrationForm } from './helpers/factories.ts';

/**
 * Text PostgreSQL cannot store (a NUL byte, other C0 control characters, half of a surrogate pair)
 * is refused by the shared text schema (contracts/fields.ts) as a 400 naming the field, never a 500
 * from the driver; and the audit log stores whatever a request carried.
 */

const NUL_TEXT = 'a\u0000b';
const LONE_SURROGATE = '\ud800';
const KEY = 'validation.invalidCharacters';
const MESSAGE = 'This text contains characters that are not allowed';

const { t, app, admin } = await buildSignedInApp(['Admin']);
afterAll(() => t.close());

/** A 400 VALIDATION naming `field` with the invalid-characters key and text. */
function expectInvalidCharacters(res: LightMyRequestResponse, field: string) {
  const body = expectApiError(res, 400, 'VALIDATION');
  expect(body.fieldKeys?.[field], res.body).toEqual({ key: KEY, params: {} });
  expect(body.fieldErrors?.[field]).toBe(MESSAGE);
}

describe('text fields refuse characters PostgreSQL cannot store', () => {
  it.each(ENCODINGS)('POST /api/client (registration) with a NUL in firstname (%s)', async (encoding) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/client',
      ...encode(encoding, registrationForm({ firstname: NUL_TEXT })),
    });
    expectInvalidCharacters(res, 'firstname');
  });

  it('POST /api/client with a lone surrogate or another control character', async () => {
    for (const [field, value] of [
      ['lastname', LONE_SURROGATE],
      ['address', 'Main St \udc00'],
      ['firstname', 'Ada\u001b[31m'],
      ['email', 'ada\u0000@example.com'],
      ['password', `long enough ${NUL_TEXT}`],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/client',
        payload: registrationForm({ [field]: value }),
      });
      expectInvalidCharacters(res, field);
    }
  });

  it('keeps tab, newline, carriage return and real surrogate pairs', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/messagereq',
      payload: { name: 'Ada 😀', email: 'ada@example.com', phone: '+44 20 7946 0000', message: 'Line 1\r\n\tLine 2' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each(ENCODINGS)('POST /api/messagereq with a NUL in the message (%s)', async (encoding) => {
    const body = { name: 'Ada', email: 'ada@example.com', phone: '+44 20 7946 0000', message: NUL_TEXT };
    const res = await app.inject({ method: 'POST', url: '/api/messagereq', ...encode(encoding, body) });
    expectInvalidCharacters(res, 'message');
  });

  it('GET /api/client/search?search=%00', async () => {
    for (const search of ['%00', 'a%00b']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/client/search?search=${search}`,
        headers: admin.headers,
      });
      expectInvalidCharacters(res, 'search');
    }
  });

  it('text queries of the audit log and the content', async () => {
    const audit = await app.inject({ method: 'GET', url: '/api/admin/audit?action=a%00b', headers: admin.headers });
    expectInvalidCharacters(audit, 'action');
    expectInvalidCharacters(await app.inject({ method: 'GET', url: '/api/content?lang=en%00' }), 'lang');
  });

  it('POST /api/inappmessage with a lone surrogate in subject or message', async () => {
    const client = await createUser(app, 'Client');
    for (const field of ['subject', 'message'] as const) {
      const payload = { receiver: client.id, subject: 'Hello', message: 'Hi', [field]: `x${LONE_SURROGATE}` };
      const res = await app.inject({ method: 'POST', url: '/api/inappmessage', headers: admin.headers, payload });
      expectInvalidCharacters(res, field);
    }
  });

  it('alert messages (maintenance, security, plan upgrade) with a lone surrogate or a NUL', async () => {
    const client = await createUser(app, 'Client');
    for (const route of ['onmain', 'onsec', 'onplan']) {
      for (const message of [LONE_SURROGATE, NUL_TEXT]) {
        const res = await app.inject({
          method: 'POST',
          url: `/api/client/${route}/${client.id}`,
          headers: admin.headers,
          payload: { message },
        });
        expectInvalidCharacters(res, 'message');
      }
    }
  });
});

describe('audit log', () => {
  it('toAuditJson replaces NUL, control characters and lone surrogates in values and keys', () => {
    const when = new Date('2026-01-02T03:04:05.000Z');
    expect(
      toAuditJson({ name: NUL_TEXT, [`k${LONE_SURROGATE}`]: [LONE_SURROGATE, 'ok 😀\t\n', 1, null, true], when }),
    ).toEqual({ name: 'a\ufffdb', 'k\ufffd': ['\ufffd', 'ok 😀\t\n', 1, null, true], when: when.toISOString() });
    expect(toAuditJson(undefined)).toBeNull();
    expect(toAuditJson('\u0001x')).toBe('\ufffdx');
  });

  it('recordAudit stores before/after and reason carrying NUL and lone surrogates', async () => {
    const target = await createUser(app, 'Client');
    await recordAudit(app.db, {
      actorId: admin.id,
      action: 'client.update',
      targetUserId: target.id,
      entityType: 'user',
      entityId: target.id,
      before: { firstname: NUL_TEXT, nested: { list: [LONE_SURROGATE] } },
      after: { firstname: `Ada${LONE_SURROGATE}`, [`key${'\u0000'}`]: 'x' },
      reason: `because${'\u0000'}${LONE_SURROGATE}`,
    });
    const [row] = await app.db.select().from(auditLog).where(eq(auditLog.targetUserId, target.id));
    expect(row?.before).toEqual({ firstname: 'a\ufffdb', nested: { list: ['\ufffd'] } });
    expect(row?.after).toEqual({ firstname: 'Ada\ufffd', 'key\ufffd': 'x' });
    expect(row?.reason).toBe('because\ufffd\ufffd');
  });
});
