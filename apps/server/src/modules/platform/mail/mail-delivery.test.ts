import { ZHealth } from '@meridian/contracts/health';
import type { TOutboxMessage } from '@meridian/contracts/mail';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers/build-app.ts';
import { createUser, signedInUser, signIn, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { mailsTo } from '../../../../test/helpers/outbox.ts';
import { freePort } from '../../../../test/helpers/processes.ts';
import { SmtpServer } from '../../../../test/helpers/smtp-server.ts';
import { placeTwoFactor } from '../../../../test/helpers/two-factor.ts';
import { composeMail, p } from './compose.ts';

/**
 * Mail is kept and retried, never lost (docs/operations.md, "Mail"), against a real SMTP server
 * process (aiosmtpd) stopped and started during the test: the request that causes a mail succeeds
 * when its change commits, the mail waits in the outbox while the server is down and is delivered
 * once when it is back, with its HTML part, a Message-ID on the sending domain and the reader's
 * language.
 */

const METRICS_TOKEN = 'mail-metrics-token-0123456789';
const DOMAIN = 'mail.meridian.test';

let smtp: SmtpServer;
let t: TestApp;
let app: FastifyInstance;
let admin: TSignedIn;

beforeAll(async () => {
  smtp = new SmtpServer(await freePort());
  t = await buildTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: `Meridian <no-reply@${DOMAIN}>`,
    // The test runs the mail job itself; retries come due at once.
    MAIL_INTERVAL_MS: 3_600_000,
    MAIL_RETRY_BASE_SECONDS: 0.05,
    MAIL_MAX_ATTEMPTS: 3,
    METRICS_TOKEN,
  });
  app = t.app;
  admin = await signedInUser(app, 'Admin');
  await firstRunDone(app);
}, 120_000);

/** The mail job's timed run at start is over (the next is an hour away): from here only the test runs it. */
async function firstRunDone(on: FastifyInstance) {
  await vi.waitFor(
    () => expect(on.jobs.status().find((j) => j.name === 'mail')).toMatchObject({ runs: 1, running: false }),
    { timeout: 30_000, interval: 50 },
  );
}

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const outboxRows = (to: string) => mailsTo(app, to);
const health = async () => ZHealth.parse((await app.inject({ method: 'GET', url: '/api/health' })).json());
const metric = async (name: string) => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = res.body.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').at(-1)) : undefined;
};
const messagesTo = async (to: string) =>
  (await smtp.messages()).filter((m) => m.to && JSON.stringify(m.to).includes(to));

describe('mail while the SMTP server is down, then back', () => {
  it("queues the admin's two-factor reset mail, answers 200, and delivers it once in the client's language when SMTP is back", async () => {
    const client = await createUser(app, 'Client');
    await placeTwoFactor(app, client.id);
    // The client chose French in the language picker while signed in.
    const session = await signIn(app, client.email);
    const chose = await app.inject({
      method: 'PUT',
      url: '/api/me/language',
      headers: session.headers,
      payload: { language: 'fr' },
    });
    expect(chose.statusCode, chose.body).toBe(200);

    const reset = await app.inject({
      method: 'POST',
      url: `/api/client/${client.id}/two-factor/reset`,
      headers: admin.headers,
      payload: { reason: 'Lost phone <b>& all</b>' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const status = await app.inject({
      method: 'GET',
      url: `/api/client/${client.id}/two-factor`,
      headers: admin.headers,
    });
    expect(status.json()).toEqual({ enabled: false });

    const [queued] = await outboxRows(client.email);
    expect(queued).toMatchObject({ status: 'queued', transport: 'smtp', language: 'fr', attempts: 0 });
    expect(queued?.messageId).toMatch(new RegExp(`^<[0-9a-f-]{36}@${DOMAIN.replace(/\./g, '\\.')}>$`));

    // The server is down: the attempt fails, the mail stays queued, health says degraded.
    expect(await app.jobs.runNow('mail')).toBe(0);
    const [afterFailure] = await outboxRows(client.email);
    expect(afterFailure).toMatchObject({ status: 'queued', attempts: 1 });
    expect(afterFailure?.lastError).toMatch(/ECONNECTION|ESOCKET/);
    const down = await health();
    expect(down.status).toBe('ok');
    expect(down.checks.mail).toMatchObject({ status: 'degraded', transport: 'smtp', queued: 1, failed: 0 });
    expect(down.checks.mail.lastError).toMatch(/ECONNECTION|ESOCKET/);
    expect(await metric('meridian_mail_send_failures_total')).toBe(1);
    expect(await metric('meridian_mail_messages{status="queued"}')).toBe(1);

    await smtp.start();
    await vi.waitFor(
      async () => {
        await app.jobs.runNow('mail');
        expect((await outboxRows(client.email))[0]?.status).toBe('sent');
      },
      { timeout: 30_000, interval: 100 },
    );
    // Later runs send nothing more.
    expect(await app.jobs.runNow('mail')).toBe(0);

    const received = await messagesTo(client.email);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.subject).toBe('Authentification à deux facteurs supprimée');
    expect(mail?.messageId).toBe(queued?.messageId);
    expect(mail?.from?.text).toContain(`no-reply@${DOMAIN}`);
    expect(mail?.headers.get('content-language')).toBe('fr');
    expect(mail?.text).toContain('Bonjour Client,');
    expect(mail?.html).toContain('<html lang="fr">');
    expect(mail?.html).toContain('Notre équipe d’assistance a supprimé');

    const up = await health();
    expect(up.checks.mail).toMatchObject({ status: 'ok', queued: 0, lastError: null });
    expect(await metric('meridian_mail_sent_total')).toBe(1);
  }, 120_000);

  it('retries a mail until it fails for good; an admin sees it among the failed and resends it, which delivers it', async () => {
    await smtp.stop();
    const client = await createUser(app, 'Client', { firstname: 'Zoë <script>' });
    const sent = await app.inject({
      method: 'POST',
      url: `/api/client/${client.id}/password-reset`,
      headers: admin.headers,
    });
    expect(sent.statusCode, sent.body).toBe(200);

    await vi.waitFor(
      async () => {
        await app.jobs.runNow('mail');
        expect((await outboxRows(client.email))[0]?.status).toBe('failed');
      },
      { timeout: 30_000, interval: 100 },
    );
    const [failed] = await outboxRows(client.email);
    expect(failed?.attempts).toBe(3);

    const list = await app.inject({ method: 'GET', url: '/api/admin/outbox?status=failed', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    const listed = list.json<{ messages: TOutboxMessage[] }>().messages.find((m) => m.to === client.email);
    expect(listed).toMatchObject({ status: 'failed', attempts: 3, subject: 'Reset your password' });
    expect(await metric('meridian_mail_given_up_total')).toBe(1);
    expect(await metric('meridian_mail_messages{status="failed"}')).toBe(1);

    // A client may not resend; a mail that did not fail cannot be resent.
    const asClient = await signIn(app, client.email);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${failed?.id}/resend`,
      headers: asClient.headers,
    });
    expect(refused.statusCode).toBe(403);

    await smtp.start();
    const resend = await app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${failed?.id}/resend`,
      headers: admin.headers,
    });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json()).toMatchObject({
      message: 'The mail is queued to be sent again',
      mail: { status: 'queued', attempts: 0 },
    });
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${failed?.id}/resend`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(409);

    expect(await app.jobs.runNow('mail')).toBe(1);
    const received = await messagesTo(client.email);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.subject).toBe('Reset your password');
    expect(mail?.text).toMatch(/\/reset-password\?token=[\w%-]+/);
    // The name is escaped in the HTML part, never markup.
    expect(mail?.html).toContain('Hello Zoë &lt;script&gt;,');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).toMatch(/<a href="[^"]+\/reset-password\?token=/);

    const audit = await app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=mail.resend',
      headers: admin.headers,
    });
    expect(audit.json<{ entries: { entityId: string }[] }>().entries.map((e) => e.entityId)).toContain(failed?.id);
  }, 120_000);

  it('sends each mail once when two servers on one database run the mail job at the same time', async () => {
    const second = await buildTestApp(
      {
        SMTP_URL: smtp.url,
        MAIL_FROM: `Meridian <no-reply@${DOMAIN}>`,
        MAIL_INTERVAL_MS: 3_600_000,
        MAIL_RETRY_BASE_SECONDS: 0.05,
      },
      { sameDatabaseAs: t },
    );
    try {
      // Its first timed run, at start, is over before the mail is queued (the next is an hour away):
      // only the two runs below send it.
      await firstRunDone(second.app);
      const to = `many.${Date.now()}@example.com`;
      for (let i = 0; i < 25; i++) {
        await app.mail.queue(app.db, composeMail(to, 'en', { subject: `Mail ${i}`, blocks: [p(`Body ${i}`)] }));
      }
      const [a, b] = await Promise.all([app.jobs.runNow('mail'), second.app.jobs.runNow('mail')]);
      expect(a + b).toBe(25);
      const received = await messagesTo(to);
      expect(received).toHaveLength(25);
      expect(new Set(received.map((m) => m.subject)).size).toBe(25);
      expect(new Set(received.map((m) => m.messageId)).size).toBe(25);
      expect((await outboxRows(to)).every((row) => row.status === 'sent')).toBe(true);
    } finally {
      await second.close();
    }
  }, 120_000);
});
