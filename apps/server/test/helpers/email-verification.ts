import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailVerificationTokens } from '../../src/db/schema/email-verification.ts';
import { sha256 } from '../../src/lib/random.ts';
import { lastMailTo } from './outbox.ts';

/** The link of a verification mail, and its token. */
export const VERIFY_LINK = /(https?:\/\/\S+\/verify-email\?token=([\w-]+))/;

/** The newest verification link mailed to `email`, read from the outbox as the person would. */
export async function verificationLinkTo(
  app: FastifyInstance,
  email: string,
): Promise<{ link: string; token: string }> {
  const mail = await lastMailTo(app, email);
  const match = VERIFY_LINK.exec(mail.text);
  if (!match?.[1] || !match[2])
    throw new Error(`the newest mail to ${email} has no verification link: ${mail.subject}`);
  return { link: match[1], token: decodeURIComponent(match[2]) };
}

/** Follows the newest verification link mailed to `email`, as its owner would; fails unless it verifies. */
export async function followVerificationLink(app: FastifyInstance, email: string): Promise<void> {
  const { token } = await verificationLinkTo(app, email);
  const res = await app.inject({ method: 'POST', url: '/api/email-verification', payload: { token } });
  if (res.statusCode !== 200) throw new Error(`verification failed: ${res.statusCode} ${res.body}`);
}

/** A live verification link with the known `token` for `userId`'s current `email` (any earlier one with that token goes). */
export async function placeVerificationLink(
  app: FastifyInstance,
  user: { id: string; email: string },
  token: string,
): Promise<void> {
  await app.db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.tokenHash, sha256(token)));
  await app.db.insert(emailVerificationTokens).values({
    userId: user.id,
    email: user.email,
    tokenHash: sha256(token),
    expiresAt: sql`now() + interval '1 hour'`,
  });
}
