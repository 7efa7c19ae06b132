import { LANGUAGES } from '@meridian/contracts/constants';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { withdrawalCodeMail } from '../../src/modules/money/withdrawals/withdrawal-code.mail.ts';
import { ensureActiveAddress } from './address-book-fixtures.ts';
import type { TSignedIn } from './factories.ts';
import { mailsTo } from './outbox.ts';
import { balancesOf as balancesIn } from './payout-fixtures.ts';
import { backdateCodes } from './withdrawal-fixtures.ts';

/** Money calls through the API, as the web app makes them. Amounts are dollars. */

export const fund = (app: FastifyInstance, admin: TSignedIn, userId: string, amount: number | string, key?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/user/fund/${userId}`,
    headers: { ...admin.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { amount, reason: 'Wire received' },
  });

export async function mustFund(app: FastifyInstance, admin: TSignedIn, userId: string, amount: number | string) {
  const res = await fund(app, admin, userId, amount);
  if (res.statusCode !== 200) throw new Error(`fund failed: ${res.statusCode} ${res.body}`);
  // Above the four-eyes threshold the credit only waits for approval (docs/money.md, "Four-eyes approval").
  if (res.json<{ message: string }>().message.startsWith('Sent for approval')) {
    throw new Error(`fund of ${amount} waits for approval: give the test app a higher APPROVAL_ADJUSTMENT_ABOVE`);
  }
}

export const generateCode = (app: FastifyInstance, as: TSignedIn, userId = as.id) =>
  app.inject({ method: 'POST', url: `/api/withdrawal-auth/generate-code/${userId}`, headers: as.headers });

export const verifyCode = (app: FastifyInstance, as: TSignedIn, code: string, userId = as.id) =>
  app.inject({
    method: 'POST',
    url: `/api/withdrawal-auth/verify-code/${userId}`,
    headers: as.headers,
    payload: { code },
  });

/** The code mail's subject in every language: a person finds the code mail by its subject, not by its age. */
const CODE_SUBJECTS = LANGUAGES.map(
  (language) => withdrawalCodeMail('', language, { code: '', ttlMinutes: 0, windowMinutes: 0 }).subject,
);

/**
 * The newest code mailed to `email`, read from the outbox as a person reads the mail. Only code mails
 * count: a notice written at the same moment (a credit on another lane of a test) can be newer.
 */
export async function lastMailedCode(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = await mailsTo(app, email, CODE_SUBJECTS).limit(1);
  const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Asks for a code (past the once-a-minute rule), reads it from the outbox and verifies it. */
export async function verifyFreshCode(app: FastifyInstance, client: TSignedIn): Promise<void> {
  await backdateCodes(app, client.id);
  const sent = await generateCode(app, client);
  if (sent.statusCode !== 200) throw new Error(`generate failed: ${sent.statusCode} ${sent.body}`);
  const res = await verifyCode(app, client, await lastMailedCode(app, client.email));
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
}

/**
 * Asks for a withdrawal. The address is first made an active saved address of the caller's
 * (address book, docs/security.md), unless `saved: false`: then it goes as it is, saved or not.
 */
export async function withdraw(
  app: FastifyInstance,
  client: TSignedIn,
  methodId: string,
  amount: number | string,
  options: { key?: string; user?: string; address?: string; saved?: boolean } = {},
): Promise<LightMyRequestResponse> {
  // A TRON address: the fixture methods are USDT (TRC20).
  const address = options.address ?? 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
  if (options.saved !== false) await ensureActiveAddress(app, client, methodId, address);
  return app.inject({
    method: 'POST',
    url: '/api/withdrawal',
    headers: { ...client.headers, ...(options.key ? { 'idempotency-key': options.key } : {}) },
    payload: { amount, address, withdrawalMethod: methodId, user: options.user ?? client.id },
  });
}

export const setStatus = (app: FastifyInstance, admin: TSignedIn, id: string, status: string, key?: string) =>
  app.inject({
    method: 'PUT',
    url: `/api/withdrawal/status/${id}`,
    headers: { ...admin.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { status },
  });

/** A user's balances in cents. */
export const balancesOf = (app: FastifyInstance, userId: string) => balancesIn(app.db, userId);
