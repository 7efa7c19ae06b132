import type { TSupportMessage } from '@meridian/contracts/support';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { ENCODINGS, encode } from '../../../../test/helpers/bodies.ts';
import { buildSignedInApp, buildTestApp, type TestApp } from '../../../../test/helpers/build-app.ts';
import type { TSignedIn } from '../../../../test/helpers/factories.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { supportMessages } from '../../../db/schema/support.ts';

const { t, app, admin, client, agent } = await buildSignedInApp(['Admin', 'Client', 'Agent']);
afterAll(() => t.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  phone: '+44 20 7946 0000',
  message: 'Hello, I have a question about the VIP plan.',
  ...overrides,
});

const send = (body: Record<string, unknown>, encoding: (typeof ENCODINGS)[number] = 'json') => {
  const encoded = encode(encoding, body);
  return app.inject({ method: 'POST', url: '/api/messagereq', headers: encoded.headers, payload: encoded.payload });
};

const list = (as: TSignedIn, query = '') =>
  app.inject({ method: 'GET', url: `/api/messagereq${query}`, headers: as.headers });

describe('POST /api/messagereq', () => {
  it.each(ENCODINGS)('accepts the form as %s without signing in: 201 and the spec message', async (encoding) => {
    const text = `Question sent as ${encoding}`;
    const res = await send(form({ message: text }), encoding);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: 'Message Sent Successfully!' });
    const [row] = await app.db.select().from(supportMessages).where(eq(supportMessages.message, text));
    expect(row).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' });
  });

  it.each([
    ['name', 'Full name is required'],
    ['email', 'Email is required'],
    ['phone', 'Phone number is required'],
    ['message', 'Message is required'],
  ])('refuses a missing or blank %s with "%s"', async (field, message) => {
    expectApiError(await send(form({ [field]: undefined })), 400, 'VALIDATION', message);
    expectApiError(await send(form({ [field]: '   ' })), 400, 'VALIDATION', message);
  });

  it('refuses an invalid email with "Invalid email address"', async () => {
    expectApiError(await send(form({ email: 'not-an-email' })), 400, 'VALIDATION', 'Invalid email address');
  });

  it.each([
    ['name', 101],
    ['phone', 33],
    ['message', 5001],
  ])('refuses a %s longer than allowed', async (field, length) => {
    expectApiError(await send(form({ [field]: 'x'.repeat(length) })), 400, 'VALIDATION', 'This value is too long');
  });

  it('refuses unknown fields', async () => {
    const res = await send(form({ admin: true }));
    expect(res.statusCode).toBe(400);
  });
});

describe('rate limit on the support form', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ SUPPORT_RATE_LIMIT_PER_MINUTE: 2 }, { sameDatabaseAs: t });
  });
  afterAll(() => limited.close());

  it('answers the 3rd message within a minute from one IP with 429 RATE_LIMITED', async () => {
    const attempt = () => limited.app.inject({ method: 'POST', url: '/api/messagereq', payload: form() });
    for (let i = 0; i < 2; i++) expect((await attempt()).statusCode).toBe(201);
    const res = await attempt();
    expectApiError(res, 429, 'RATE_LIMITED', 'Too many requests, please wait a moment and try again');
    // A different IP is not limited by it.
    const other = await limited.app.inject({
      method: 'POST',
      url: '/api/messagereq',
      payload: form(),
      remoteAddress: '203.0.113.9',
    });
    expect(other.statusCode).toBe(201);
  });
});

describe('admin reads and deletes', () => {
  it('lists messages newest first for an admin only', async () => {
    await send(form({ message: 'older message' }));
    await send(form({ message: 'newer message' }));
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    const { messages } = res.json<{ messages: TSupportMessage[] }>();
    const texts = messages.map((m) => m.message);
    expect(texts.indexOf('newer message')).toBeLessThan(texts.indexOf('older message'));
    expect(messages[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), name: 'Ada Lovelace', email: 'ada@example.com' }),
    );

    expectApiError(await app.inject({ method: 'GET', url: '/api/messagereq' }), 401, 'UNAUTHORIZED');
    expectApiError(await list(client), 403, 'FORBIDDEN');
    expectApiError(await list(agent), 403, 'FORBIDDEN');
  });

  it('pages with ?page&limit and answers totalPage', async () => {
    const total = (await list(admin)).json<{ messages: TSupportMessage[] }>().messages.length;
    const res = await list(admin, '?page=1&limit=2');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ messages: TSupportMessage[]; totalPage: number }>();
    expect(body.messages).toHaveLength(2);
    expect(body.totalPage).toBe(Math.ceil(total / 2));
    const second = res.json<{ messages: TSupportMessage[] }>().messages;
    const page2 = (await list(admin, '?page=2&limit=2')).json<{ messages: TSupportMessage[] }>().messages;
    expect(page2.map((m) => m.id)).not.toContain(second[0]?.id);
    expect((await list(admin, '?page=0')).statusCode).toBe(400);
  });

  it('reads one message (admin only) and answers 404 for an unknown id', async () => {
    await send(form({ message: 'read me' }));
    const [row] = await app.db.select().from(supportMessages).where(eq(supportMessages.message, 'read me'));
    const id = row?.id as string;
    const res = await app.inject({ method: 'GET', url: `/api/messagereq/${id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, message: 'read me', phone: '+44 20 7946 0000' });
    expectApiError(
      await app.inject({ method: 'GET', url: `/api/messagereq/${id}`, headers: client.headers }),
      403,
      'FORBIDDEN',
    );
    expectApiError(
      await app.inject({ method: 'GET', url: `/api/messagereq/${crypto.randomUUID()}`, headers: admin.headers }),
      404,
      'NOT_FOUND',
    );
  });

  it('deletes a message: "Delete successfully", gone from the list, audited; clients may not', async () => {
    await send(form({ message: 'delete me' }));
    const [row] = await app.db.select().from(supportMessages).where(eq(supportMessages.message, 'delete me'));
    const id = row?.id as string;
    const del = (as: TSignedIn) => app.inject({ method: 'DELETE', url: `/api/messagereq/${id}`, headers: as.headers });

    expectApiError(await del(client), 403, 'FORBIDDEN');
    const res = await del(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Delete successfully' });
    const ids = (await list(admin)).json<{ messages: TSupportMessage[] }>().messages.map((m) => m.id);
    expect(ids).not.toContain(id);
    expectApiError(await del(admin), 404, 'NOT_FOUND');

    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'supportMessage.delete'), eq(auditLog.entityId, id)));
    expect(audit).toMatchObject({ actorId: admin.id, entityType: 'supportMessage' });
    expect(audit?.before).toMatchObject({ message: 'delete me' });
  });
});
