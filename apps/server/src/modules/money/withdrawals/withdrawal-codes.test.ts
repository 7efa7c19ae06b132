import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildSignedInApp } from '../../../../test/helpers/build-app.ts';
import { signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { lastMailTo } from '../../../../test/helpers/outbox.ts';
import { generateCode, lastMailedCode, verifyCode } from '../../../../test/helpers/withdrawal-api.ts';
import { backdateCodes } from '../../../../test/helpers/withdrawal-fixtures.ts';
import { withdrawalCodes } from '../../../db/schema/money.ts';
import { sha256 } from '../../../lib/random.ts';

const { t, app, admin } = await buildSignedInApp(['Admin']);
afterAll(() => t.close());

const codesOf = (userId: string) =>
  app.db
    .select()
    .from(withdrawalCodes)
    .where(eq(withdrawalCodes.userId, userId))
    .orderBy(desc(withdrawalCodes.createdAt));

/** A client with a freshly mailed code; returns the code read from the outbox. */
async function clientWithCode(): Promise<{ client: TSignedIn; code: string }> {
  const client = await signedInUser(app, 'Client');
  const res = await generateCode(app, client);
  expect(res.statusCode, res.body).toBe(200);
  return { client, code: await lastMailedCode(app, client.email) };
}

const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('POST /api/withdrawal-auth/generate-code/:userId', () => {
  it('emails a 6-digit code that expires in 10 minutes and stores only its hash', async () => {
    const client = await signedInUser(app, 'Client');
    const res = await generateCode(app, client);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Verification code sent to your email' });

    const mail = await lastMailTo(app, client.email);
    expect(mail?.subject).toBe('Your withdrawal verification code');
    expect(mail?.transport).toBe('outbox');
    const code = await lastMailedCode(app, client.email);
    expect(code).toMatch(/^\d{6}$/);

    const [stored] = await codesOf(client.id);
    expect(stored?.codeHash).toBe(sha256(`${client.id}:${code}`));
    expect(JSON.stringify(stored)).not.toContain(`"${code}"`);
    const ttl = (stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0);
    expect(ttl).toBe(10 * 60 * 1000);
    expect(stored?.attempts).toBe(0);
    expect(stored?.verifiedAt).toBeNull();
  });

  it('allows one new code a minute per user (429 RATE_LIMITED), then replaces the earlier code', async () => {
    const { client, code: first } = await clientWithCode();
    const again = await generateCode(app, client);
    const body = expectApiError(again, 429, 'RATE_LIMITED');
    expect(body.message).toMatch(
      /^A code was sent less than a minute ago\. Wait \d+ seconds before asking for a new one$/,
    );
    expect(await codesOf(client.id)).toHaveLength(1);

    // Another client is not held back by it.
    const other = await signedInUser(app, 'Client');
    expect((await generateCode(app, other)).statusCode).toBe(200);

    await backdateCodes(app, client.id);
    expect((await generateCode(app, client)).statusCode).toBe(200);
    const second = await lastMailedCode(app, client.email);
    if (second !== first) {
      expectApiError(await verifyCode(app, client, first), 400, 'VALIDATION', 'Invalid verification code');
    }
    expect((await verifyCode(app, client, second)).statusCode).toBe(200);
  });

  it('sends one code when a client asks twice at the same moment', async () => {
    const client = await signedInUser(app, 'Client');
    const answers = await Promise.all([
      generateCode(app, client),
      generateCode(app, client),
      generateCode(app, client),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429, 429]);
    expect(await codesOf(client.id)).toHaveLength(1);
  });

  it('makes a verified but unspent code useless once a new one is asked for', async () => {
    const { client, code } = await clientWithCode();
    expect((await verifyCode(app, client, code)).statusCode).toBe(200);
    await backdateCodes(app, client.id);
    expect((await generateCode(app, client)).statusCode).toBe(200);
    const rows = await codesOf(client.id);
    expect(rows[1]?.verifiedAt).not.toBeNull();
    expect(rows[1]?.usedAt).not.toBeNull();
  });

  it("refuses a client asking for another client's code, and admins (codes are the client's own)", async () => {
    const a = await signedInUser(app, 'Client');
    const b = await signedInUser(app, 'Client');
    expectApiError(await generateCode(app, b, a.id), 403, 'FORBIDDEN', 'You can only act on your own account');
    expectApiError(await generateCode(app, admin, a.id), 403, 'FORBIDDEN');
    expect(await codesOf(a.id)).toHaveLength(0);
  });
});

describe('POST /api/withdrawal-auth/verify-code/:userId', () => {
  it('verifies the right code', async () => {
    const { client, code } = await clientWithCode();
    const res = await verifyCode(app, client, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Code verified successfully' });
    const [row] = await codesOf(client.id);
    expect(row?.verifiedAt).not.toBeNull();
    expect(row?.usedAt).toBeNull();
  });

  it('refuses a wrong code and counts it', async () => {
    const { client, code } = await clientWithCode();
    const res = await verifyCode(app, client, wrongCodeFor(code));
    const body = expectApiError(res, 400, 'VALIDATION', 'Invalid verification code');
    expect(body.fieldErrors?.code).toBe('Invalid verification code');
    expect((await codesOf(client.id))[0]?.attempts).toBe(1);
    expect((await verifyCode(app, client, code)).statusCode).toBe(200);
  });

  it('ends the code at the 5th wrong entry: even the right code is refused afterwards', async () => {
    const { client, code } = await clientWithCode();
    for (let i = 1; i <= 4; i++) {
      expectApiError(await verifyCode(app, client, wrongCodeFor(code)), 400, 'VALIDATION', 'Invalid verification code');
    }
    const fifth = await verifyCode(app, client, wrongCodeFor(code));
    expectApiError(fifth, 400, 'VALIDATION', 'Too many wrong codes, request a new one');
    const right = await verifyCode(app, client, code);
    expectApiError(right, 400, 'VALIDATION', 'Too many wrong codes, request a new one');
    const [row] = await codesOf(client.id);
    expect(row?.attempts).toBe(5);
    expect(row?.verifiedAt).toBeNull();
  });

  it('counts parallel guesses one by one: no more than 5 are ever checked', async () => {
    const { client, code } = await clientWithCode();
    const guesses = Array.from({ length: 12 }, (_, i) => String(i).padStart(6, '7')).filter((g) => g !== code);
    const answers = await Promise.all(guesses.map((g) => verifyCode(app, client, g)));
    const messages = answers.map((r) => r.json().message);
    expect(messages.filter((m) => m === 'Invalid verification code')).toHaveLength(4);
    expect(messages.filter((m) => m === 'Too many wrong codes, request a new one')).toHaveLength(guesses.length - 4);
    expect((await codesOf(client.id))[0]?.attempts).toBe(5);
    expectApiError(await verifyCode(app, client, code), 400, 'VALIDATION', 'Too many wrong codes, request a new one');
  });

  it('refuses an expired code, even the right one', async () => {
    const { client, code } = await clientWithCode();
    await app.db
      .update(withdrawalCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(withdrawalCodes.userId, client.id));
    const res = await verifyCode(app, client, code);
    expectApiError(res, 400, 'VALIDATION', 'The verification code has expired, request a new one');
    expect((await codesOf(client.id))[0]?.verifiedAt).toBeNull();
  });

  it('refuses any code when none was asked for', async () => {
    const client = await signedInUser(app, 'Client');
    expectApiError(await verifyCode(app, client, '123456'), 400, 'VALIDATION', 'Invalid verification code');
  });

  it('checks the shape of the code first (required, 6 digits)', async () => {
    const { client } = await clientWithCode();
    expectApiError(await verifyCode(app, client, ''), 400, 'VALIDATION', 'Please enter verification code');
    expectApiError(await verifyCode(app, client, '12345'), 400, 'VALIDATION', 'The code has 6 digits');
    expectApiError(await verifyCode(app, client, '12a456'), 400, 'VALIDATION', 'The code has 6 digits');
    // Malformed input is not a guess.
    expect((await codesOf(client.id))[0]?.attempts).toBe(0);
  });

  it("refuses a client verifying another client's code", async () => {
    const { client, code } = await clientWithCode();
    const other = await signedInUser(app, 'Client');
    expectApiError(await verifyCode(app, other, code, client.id), 403, 'FORBIDDEN');
    expect((await codesOf(client.id))[0]?.verifiedAt).toBeNull();
  });
});
