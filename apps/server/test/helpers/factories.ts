import { randomBytes } from 'node:crypto';
import type { TAuthResponse, TRegisterInput } from '@meridian/contracts/auth';
import type { TUserType } from '@meridian/contracts/constants';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret } from 'otpauth';
import { twoFactor } from '../../src/db/schema/security.ts';
import { users } from '../../src/db/schema/users.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { randomCode } from '../../src/lib/random.ts';
import { answerSecondFactor } from './two-factor.ts';

export const PASSWORD = 'correct horse 42';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

/** A valid registration form; override any field. */
export function registrationForm(overrides: Partial<TRegisterInput> = {}): TRegisterInput {
  const id = unique();
  return {
    firstname: 'Ada',
    lastname: 'Lovelace',
    username: `ada_${id}`,
    email: `ada.${id}@example.com`,
    phone: '+44 20 7946 0000',
    country: 'GB',
    address: '12 Analytical Row, London',
    password: PASSWORD,
    acceptTerms: true,
    acceptRiskDisclosure: true,
    ...overrides,
  };
}

/** A valid Add client form of the admin's (the sign-up's fields but the ticks, the referral code and the language). */
export function adminClientForm(
  overrides: Partial<TRegisterInput> = {},
): Omit<TRegisterInput, 'acceptTerms' | 'acceptRiskDisclosure' | 'referralCode' | 'lang'> {
  const {
    acceptTerms: _terms,
    acceptRiskDisclosure: _risk,
    referralCode: _code,
    lang: _lang,
    ...form
  } = registrationForm(overrides);
  return form;
}

/**
 * A user of any type straight in the database (admins and agents cannot sign up). An admin comes
 * with two-factor sign-in already on (required before the back office opens), with `totpSecret`
 * its secret; `signIn` answers the second step with a code of it. The email counts as verified, as
 * for an account an admin makes (`emailVerifiedAt: null` makes one that must still verify it).
 */
export async function createUser(
  app: FastifyInstance,
  type: TUserType,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<{ id: string; email: string; password: string; totpSecret?: string }> {
  const id = unique();
  const email = `${type.toLowerCase()}.${id}@example.com`;
  const [row] = await app.db
    .insert(users)
    .values({
      type,
      staffRole: type === 'Admin' ? 'Admin' : null,
      firstname: type,
      lastname: 'Tester',
      username: `${type.toLowerCase()}_${id}`,
      email,
      passwordHash: await hashPassword(PASSWORD),
      referralCode: randomCode(8),
      emailVerifiedAt: new Date(),
      ...overrides,
    })
    .returning({ id: users.id, email: users.email });
  if (!row) throw new Error('no user');
  if (type !== 'Admin') return { id: row.id, email: row.email, password: PASSWORD };
  const totpSecret = new Secret({ size: 20 }).base32;
  await app.db.insert(twoFactor).values({ userId: row.id, secret: totpSecret, enabledAt: new Date() });
  return { id: row.id, email: row.email, password: PASSWORD, totpSecret };
}

export interface TSignedIn {
  id: string;
  email: string;
  token: string;
  /** The `meridian_refresh=…` cookie pair, ready for a Cookie header. */
  cookie: string;
  headers: { authorization: string };
}

/** Signs in with the password, and with a one-time code of the user's secret when the second step is asked. */
export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<TSignedIn> {
  const first = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (first.statusCode !== 200) throw new Error(`sign-in failed: ${first.statusCode} ${first.body}`);
  const challenge = first.json<{ challenge?: string }>().challenge;
  const res = challenge ? await answerSecondFactor(app, email, challenge) : first;
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const body = res.json<TAuthResponse>();
  const setCookie = res.cookies.find((c) => c.name === 'meridian_refresh');
  if (!setCookie) throw new Error('no refresh cookie');
  return {
    id: body.user.id,
    email,
    token: body.accessToken,
    cookie: `meridian_refresh=${setCookie.value}`,
    headers: { authorization: `Bearer ${body.accessToken}` },
  };
}

/** A user of `type`, signed in. */
export async function signedInUser(app: FastifyInstance, type: TUserType): Promise<TSignedIn> {
  const user = await createUser(app, type);
  return signIn(app, user.email);
}

export async function setUserFields(app: FastifyInstance, id: string, fields: Partial<typeof users.$inferInsert>) {
  await app.db.update(users).set(fields).where(eq(users.id, id));
}
