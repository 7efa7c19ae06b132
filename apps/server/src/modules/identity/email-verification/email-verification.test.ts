import { randomUUID } from 'node:crypto';
import { type TRegisterResponse, type TUser, ZUser } from '@meridian/contracts/auth';
import { type TLegalDocument, ZLegalDocument } from '@meridian/contracts/content';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { asMultipart } from '../../../../test/helpers/bodies.ts';
import { buildSignedInApp } from '../../../../test/helpers/build-app.ts';
import { balanceOf, createDepositMethodViaApi, putDepositStatus } from '../../../../test/helpers/deposits.ts';
import { VERIFY_LINK, verificationLinkTo } from '../../../../test/helpers/email-verification.ts';
import { adminClientForm, registrationForm, signIn, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { lastMailTo, mailsTo } from '../../../../test/helpers/outbox.ts';
import { emailVerificationTokens } from '../../../db/schema/email-verification.ts';
import { users } from '../../../db/schema/users.ts';
import { sha256 } from '../../../lib/random.ts';

const { t, app, admin } = await buildSignedInApp(['Admin']);
afterAll(() => t.close());

const NOT_VERIFIED = 'Verify your email address before moving money';

/** Signs a new client up through POST /api/client (the sign-up form), then in. */
async function signUp(overrides: Parameters<typeof registrationForm>[0] = {}) {
  const form = registrationForm(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/client', payload: form });
  expect(res.statusCode, res.body).toBe(201);
  const { user } = res.json<TRegisterResponse>();
  return { form, user, session: await signIn(app, form.email) };
}

const verify = (token: string) => app.inject({ method: 'POST', url: '/api/email-verification', payload: { token } });
const resend = (as: TSignedIn, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: `/api/email-verification/resend/${as.id}`,
    headers: as.headers,
    payload: { lang },
  });
const ownRecord = async (as: TSignedIn): Promise<TUser> =>
  ZUser.parse((await app.inject({ method: 'GET', url: `/api/client/${as.id}`, headers: as.headers })).json());
const rowOf = async (id: string) => {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('no user');
  return row;
};
/** Makes every link of the user older, as if `seconds` had passed since it was mailed. */
const ageLinks = (userId: string, seconds: number) =>
  app.db
    .update(emailVerificationTokens)
    .set({ createdAt: sql`${emailVerificationTokens.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(emailVerificationTokens.userId, userId));

async function legal(document: 'terms' | 'risk-disclosure', lang = 'en'): Promise<TLegalDocument> {
  const res = await app.inject({ method: 'GET', url: `/api/content/legal/${document}?lang=${lang}` });
  expect(res.statusCode, res.body).toBe(200);
  return ZLegalDocument.parse(res.json());
}

/** Every call of the client area that moves the caller's money, as an unverified client would send it. */
function moneyCalls(as: TSignedIn) {
  const someId = randomUUID();
  return [
    { method: 'POST', url: '/api/deposit' },
    { method: 'POST', url: '/api/investment' },
    { method: 'POST', url: '/api/investment/invest-from-balance' },
    { method: 'POST', url: '/api/position' },
    { method: 'POST', url: `/api/signal/${someId}/join` },
    { method: 'POST', url: `/api/withdrawal-auth/generate-code/${as.id}` },
    { method: 'POST', url: '/api/withdrawal' },
  ] as const;
}

describe('sign-up: the terms and the risk disclosure', () => {
  it('refuses a sign-up that does not accept both, naming each field, and creates nothing', async () => {
    const form = registrationForm({ acceptTerms: false });
    const { acceptRiskDisclosure: _left, ...withoutRisk } = form;
    const res = await app.inject({ method: 'POST', url: '/api/client', payload: withoutRisk });
    const body = expectApiError(res, 400, 'VALIDATION');
    expect(body.fieldErrors).toMatchObject({
      acceptTerms: 'Accept the terms to create an account',
      acceptRiskDisclosure: 'Confirm that you have read the risk disclosure to create an account',
    });
    expect(await app.db.select().from(users).where(eq(users.email, form.email))).toEqual([]);
    expect(await mailsTo(app, form.email)).toEqual([]);
  });

  it('takes the ticks as a form sends them ("true"), and refuses "false" from a form', async () => {
    const ticked = asMultipart({ ...registrationForm(), acceptTerms: 'true', acceptRiskDisclosure: 'true' });
    expect((await app.inject({ method: 'POST', url: '/api/client', ...ticked })).statusCode).toBe(201);
    const unticked = asMultipart({ ...registrationForm(), acceptTerms: 'true', acceptRiskDisclosure: 'false' });
    const body = expectApiError(
      await app.inject({ method: 'POST', url: '/api/client', ...unticked }),
      400,
      'VALIDATION',
    );
    expect(Object.keys(body.fieldErrors ?? {})).toEqual(['acceptRiskDisclosure']);
  });

  it('records which texts were accepted and when, by the versions the legal pages show', async () => {
    const before = new Date();
    const { user } = await signUp();
    const row = await rowOf(user.id);
    expect(row.termsVersion).toBe((await legal('terms')).version);
    expect(row.riskDisclosureVersion).toBe((await legal('risk-disclosure')).version);
    expect(row.termsAcceptedAt?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(user.termsAcceptedAt).toBe(row.termsAcceptedAt?.toISOString());
    // A version names the text in every language at once.
    expect((await legal('terms', 'ja')).version).toBe(row.termsVersion);
    expect((await legal('terms', 'ja')).title).not.toBe((await legal('terms')).title);
  });

  it('serves only the two legal texts', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/content/legal/privacy' });
    expectApiError(res, 400, 'VALIDATION');
  });
});

describe('the verification mail', () => {
  it('is in the outbox in the language signed up in, with a link to this site that works once; only its hash is kept', async () => {
    const { form, user } = await signUp({ lang: 'de' });
    expect(user.emailVerified).toBe(false);
    const mail = await lastMailTo(app, form.email);
    expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.text).toContain('Hallo Ada,');
    const { link, token } = await verificationLinkTo(app, form.email);
    expect(link).toMatch(/^http:\/\/localhost\/verify-email\?token=[\w-]{43}$/);
    const [stored] = await app.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, user.id));
    expect(stored?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    // 24 hours, by the database's clock.
    const hours = ((stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0)) / 3_600_000;
    expect(hours).toBeCloseTo(24, 3);
  });

  it('follows the Accept-Language of the request when the form names no language', async () => {
    const form = registrationForm();
    const res = await app.inject({
      method: 'POST',
      url: '/api/client',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
      payload: form,
    });
    expect(res.statusCode).toBe(201);
    expect((await lastMailTo(app, form.email)).subject).toBe('Confirmez votre adresse e-mail');
  });
});

describe('no money moves before the email is verified', () => {
  it('refuses every money call of an unverified client (403 EMAIL_NOT_VERIFIED), lets them read, and moves money once they follow the link', async () => {
    const { form, user, session } = await signUp();
    for (const call of moneyCalls(session)) {
      const res = await app.inject({ ...call, headers: session.headers, payload: {} });
      expectApiError(res, 403, 'EMAIL_NOT_VERIFIED', NOT_VERIFIED);
    }
    // Signing in and looking around work: the record says why the money waits.
    expect((await ownRecord(session)).emailVerified).toBe(false);
    // Nothing was declared, and no withdrawal code was mailed.
    const mails = await mailsTo(app, form.email);
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your email address']);

    const { token } = await verificationLinkTo(app, form.email);
    const ok = await verify(token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: 'Your email address is verified' });
    expect((await ownRecord(session)).emailVerified).toBe(true);

    // The same session moves money at once: a deposit declared and completed reaches the balance.
    const method = await createDepositMethodViaApi(app, admin);
    const declared = await app.inject({
      method: 'POST',
      url: '/api/deposit',
      headers: session.headers,
      payload: { amount: 100, depositMethod: method.id, user: user.id },
    });
    expect(declared.statusCode, declared.body).toBe(201);
    const deposit = declared.json<{ deposit: { id: string; status: string } }>().deposit;
    expect(deposit.status).toBe('Pending');
    expect((await putDepositStatus(app, admin, deposit.id, 'Completed')).statusCode).toBe(200);
    expect((await balanceOf(app, session)).balance).toBe(100);
  });

  it('lets an admin-made client move money from the start, and shows the admin who is verified', async () => {
    const form = adminClientForm();
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/client',
      headers: admin.headers,
      payload: form,
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json<{ user: TUser }>().user;
    expect(user).toMatchObject({ emailVerified: true, termsAcceptedAt: null });
    expect(await mailsTo(app, form.email)).toEqual([]);
    const session = await signIn(app, form.email);
    const code = await app.inject({
      method: 'POST',
      url: `/api/withdrawal-auth/generate-code/${session.id}`,
      headers: session.headers,
    });
    expect(code.statusCode, code.body).toBe(200);
    // The admin's view of a signed-up client who has not verified yet.
    const unverified = await signUp();
    const seen = await app.inject({ method: 'GET', url: `/api/client/${unverified.user.id}`, headers: admin.headers });
    expect(ZUser.parse(seen.json()).emailVerified).toBe(false);
  });
});

describe('the link', () => {
  it('works once: followed again it says it was used', async () => {
    const { form } = await signUp();
    const { token } = await verificationLinkTo(app, form.email);
    expect((await verify(token)).statusCode).toBe(200);
    const again = expectApiError(await verify(token), 400, 'VALIDATION');
    expect(again.fieldKeys?.token?.key).toBe('email-verification.tokenUsed');
  });

  it('is refused once expired, and the address stays unverified', async () => {
    const { form, user, session } = await signUp();
    const { token } = await verificationLinkTo(app, form.email);
    await app.db
      .update(emailVerificationTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailVerificationTokens.userId, user.id));
    const body = expectApiError(await verify(token), 400, 'VALIDATION');
    expect(body.fieldErrors?.token).toBe('This verification link has expired. Ask for a new one from your account.');
    expect((await ownRecord(session)).emailVerified).toBe(false);
  });

  it('is refused when it is not one we sent', async () => {
    const body = expectApiError(await verify('x'.repeat(43)), 400, 'VALIDATION');
    expect(body.fieldKeys?.token?.key).toBe('email-verification.tokenInvalid');
    expectApiError(await verify(''), 400, 'VALIDATION');
  });
});

describe('asking for a new link', () => {
  it('waits a minute between mails, then sends a new link in the language asked and retires the old one', async () => {
    const { form, session } = await signUp();
    const first = await verificationLinkTo(app, form.email);
    const soon = expectApiError(await resend(session), 429, 'RATE_LIMITED');
    expect(soon.key).toBe('email-verification.tooSoon');
    expect(Number(soon.params.seconds)).toBeGreaterThan(50);
    expect(await mailsTo(app, form.email)).toHaveLength(1);

    await ageLinks(session.id, 61);
    const sent = await resend(session, 'it');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: `We sent a new verification link to ${form.email}` });
    const mail = await lastMailTo(app, form.email);
    expect(mail.subject).toBe('Conferma il tuo indirizzo email');
    const second = await verificationLinkTo(app, form.email);
    expect(second.token).not.toBe(first.token);

    const old = expectApiError(await verify(first.token), 400, 'VALIDATION');
    expect(old.fieldKeys?.token?.key).toBe('email-verification.tokenInvalid');
    expect((await verify(second.token)).statusCode).toBe(200);
    expectApiError(await resend(session), 409, 'CONFLICT', 'Your email address is already verified');
  });

  it('is the client’s own: an admin cannot ask for one, nor another client', async () => {
    const { session } = await signUp();
    const other = await signUp();
    expectApiError(
      await app.inject({
        method: 'POST',
        url: `/api/email-verification/resend/${session.id}`,
        headers: admin.headers,
        payload: {},
      }),
      403,
      'FORBIDDEN',
    );
    expectApiError(
      await app.inject({
        method: 'POST',
        url: `/api/email-verification/resend/${session.id}`,
        headers: other.session.headers,
        payload: {},
      }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('changing the email', () => {
  const profileOf = (user: TUser, email: string) => ({
    firstname: user.firstname,
    lastname: user.lastname,
    username: user.username,
    email,
    phone: user.phone,
    country: user.country,
    address: user.address,
  });

  it('by the client themself needs the new address verified before money moves again; older links verify nothing', async () => {
    const { form, user, session } = await signUp();
    const oldLink = await verificationLinkTo(app, form.email);
    const newEmail = `new.${form.email}`;
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/client/${user.id}`,
      headers: session.headers,
      payload: profileOf(user, newEmail),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ user: TUser }>().user).toMatchObject({ email: newEmail, emailVerified: false });
    // The link to the old address no longer verifies anything.
    expect((await verify(oldLink.token)).statusCode).toBe(400);

    const mail = await lastMailTo(app, newEmail);
    expect(mail.text).toContain('You changed the email address of your account to this one.');
    expect(VERIFY_LINK.test(mail.text)).toBe(true);
    const deposit = await app.inject({ method: 'POST', url: '/api/deposit', headers: session.headers, payload: {} });
    expectApiError(deposit, 403, 'EMAIL_NOT_VERIFIED');
    expect((await verify((await verificationLinkTo(app, newEmail)).token)).statusCode).toBe(200);
    expect((await rowOf(user.id)).emailVerifiedAt).not.toBeNull();
  });

  it('by a verified client cuts off money at once, on the same session', async () => {
    const { form, user, session } = await signUp();
    expect((await verify((await verificationLinkTo(app, form.email)).token)).statusCode).toBe(200);
    const code = () =>
      app.inject({ method: 'POST', url: `/api/withdrawal-auth/generate-code/${user.id}`, headers: session.headers });
    expect((await code()).statusCode).toBe(200);
    const newEmail = `moved.${form.email}`;
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/client/${user.id}`,
      headers: session.headers,
      payload: profileOf(user, newEmail),
    });
    expect(changed.statusCode).toBe(200);
    await ageLinks(user.id, 120);
    expectApiError(await code(), 403, 'EMAIL_NOT_VERIFIED');
  });

  it('by an admin keeps the address verified, as an account the admin makes is', async () => {
    const { form, user } = await signUp();
    expect((await verify((await verificationLinkTo(app, form.email)).token)).statusCode).toBe(200);
    const newEmail = `admin.set.${form.email}`;
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/client/${user.id}`,
      headers: admin.headers,
      payload: profileOf(user, newEmail),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ user: TUser }>().user.emailVerified).toBe(true);
    expect(await mailsTo(app, newEmail)).toEqual([]);
    const live = await app.db
      .select()
      .from(emailVerificationTokens)
      .where(and(eq(emailVerificationTokens.userId, user.id), isNull(emailVerificationTokens.usedAt)));
    expect(live).toEqual([]);
  });
});
