import type { TInAppMessageList } from '@meridian/contracts/notifications';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/build-app.ts';
import { signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { inAppMessages } from '../../../db/schema/messages.ts';

let t: TestApp;
let app: FastifyInstance;
let admin: TSignedIn;
let client: TSignedIn;
let other: TSignedIn;
let agent: TSignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  [admin, client, other, agent] = await Promise.all([
    signedInUser(app, 'Admin'),
    signedInUser(app, 'Client'),
    signedInUser(app, 'Client'),
    signedInUser(app, 'Agent'),
  ]);
});
afterAll(() => t.close());

const send = (as: TSignedIn, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/inappmessage', headers: as.headers, payload: body });
const list = (as: TSignedIn, userId: string) =>
  app.inject({ method: 'GET', url: `/api/inappmessage/receiver/${userId}`, headers: as.headers });
const markAll = (as: TSignedIn, userId: string) =>
  app.inject({ method: 'PUT', url: `/api/inappmessage/markall/${userId}`, headers: as.headers });
const remove = (as: TSignedIn, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/inappmessage/${id}`, headers: as.headers });

describe('POST /api/inappmessage', () => {
  it('sends a message from the calling admin: 201, stored unread, audited', async () => {
    const res = await send(admin, { receiver: client.id, subject: '  Welcome  ', message: 'Hello there' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: 'Message sent successfully' });
    const [row] = await app.db.select().from(inAppMessages).where(eq(inAppMessages.receiverId, client.id));
    expect(row).toMatchObject({ senderId: admin.id, subject: 'Welcome', message: 'Hello there', read: false });
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.send'), eq(auditLog.entityId, row?.id ?? '')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.id, targetUserId: client.id });
  });

  it('ignores a sender in the body (unknown fields are refused)', async () => {
    const res = await send(admin, { receiver: client.id, subject: 'x', message: 'y', sender: other.id });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 when the receiver is not a client', async () => {
    expectApiError(await send(admin, { receiver: agent.id, subject: 'S', message: 'M' }), 404, 'NOT_FOUND');
    expectApiError(
      await send(admin, { receiver: '00000000-0000-4000-8000-000000000000', subject: 'S', message: 'M' }),
      404,
      'NOT_FOUND',
    );
  });

  it('validates subject and message', async () => {
    expectApiError(
      await send(admin, { receiver: client.id, subject: ' ', message: 'M' }),
      400,
      'VALIDATION',
      'Subject is required',
    );
    expectApiError(
      await send(admin, { receiver: client.id, subject: 'S', message: '' }),
      400,
      'VALIDATION',
      'Message is required',
    );
    expectApiError(
      await send(admin, { receiver: client.id, subject: 'x'.repeat(151), message: 'M' }),
      400,
      'VALIDATION',
      'This value is too long',
    );
    expectApiError(
      await send(admin, { receiver: client.id, subject: 'S', message: 'x'.repeat(5001) }),
      400,
      'VALIDATION',
      'This value is too long',
    );
  });

  it('is for admins only', async () => {
    expect((await send(client, { receiver: client.id, subject: 'S', message: 'M' })).statusCode).toBe(403);
  });
});

describe('reading, marking and deleting', () => {
  it('lists newest first with the unread count, marks all read, deletes own', async () => {
    const receiver = await signedInUser(app, 'Client');
    expect((await send(admin, { receiver: receiver.id, subject: 'First', message: 'one' })).statusCode).toBe(201);
    expect((await send(admin, { receiver: receiver.id, subject: 'Second', message: 'two' })).statusCode).toBe(201);

    let body = (await list(receiver, receiver.id)).json<TInAppMessageList>();
    expect(body.unread).toBe(2);
    expect(body.result.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(body.result.every((m) => !m.read)).toBe(true);

    const marked = await markAll(receiver, receiver.id);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ message: 'All messages marked as read' });
    body = (await list(receiver, receiver.id)).json<TInAppMessageList>();
    expect(body.unread).toBe(0);
    expect(body.result.every((m) => m.read)).toBe(true);

    const id = body.result[0]?.id ?? '';
    const deleted = await remove(receiver, id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Delete successfully' });
    body = (await list(receiver, receiver.id)).json<TInAppMessageList>();
    expect(body.result.map((m) => m.subject)).toEqual(['First']);
  });

  it("refuses another client's messages: read, mark and delete", async () => {
    const receiver = await signedInUser(app, 'Client');
    await send(admin, { receiver: receiver.id, subject: 'Private', message: 'secret' });
    const [row] = await app.db.select().from(inAppMessages).where(eq(inAppMessages.receiverId, receiver.id));
    expect((await list(other, receiver.id)).statusCode).toBe(403);
    expect((await markAll(other, receiver.id)).statusCode).toBe(403);
    const res = await remove(other, row?.id ?? '');
    expectApiError(res, 404, 'NOT_FOUND');
    expect(res.body).not.toContain('secret');
    const [still] = await app.db
      .select()
      .from(inAppMessages)
      .where(eq(inAppMessages.id, row?.id ?? ''));
    expect(still?.read).toBe(false);
  });

  it('lets an admin delete any message and answers 404 for an unknown or malformed id', async () => {
    const receiver = await signedInUser(app, 'Client');
    await send(admin, { receiver: receiver.id, subject: 'S', message: 'M' });
    const [row] = await app.db.select().from(inAppMessages).where(eq(inAppMessages.receiverId, receiver.id));
    expect((await remove(admin, row?.id ?? '')).statusCode).toBe(200);
    expectApiError(await remove(admin, row?.id ?? ''), 404, 'NOT_FOUND');
    expect((await remove(admin, 'not-a-uuid')).statusCode).toBeGreaterThanOrEqual(400);
  });
});
