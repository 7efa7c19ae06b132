import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../src/db/schema/mail.ts';

/**
 * Every mail to `to` in the outbox, newest first, whatever its status: what the tests read as the
 * person would. With `subjects`, only the mails with one of them (a kind of mail, in any language).
 */
export function mailsTo(app: FastifyInstance, to: string, subjects?: readonly string[]) {
  const addressed = eq(mailOutbox.to, to);
  return app.db
    .select()
    .from(mailOutbox)
    .where(subjects ? and(addressed, inArray(mailOutbox.subject, [...subjects])) : addressed)
    .orderBy(desc(mailOutbox.createdAt));
}

/** The newest mail to `to`; throws when none was written. */
export async function lastMailTo(app: FastifyInstance, to: string) {
  const [mail] = await mailsTo(app, to).limit(1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}
