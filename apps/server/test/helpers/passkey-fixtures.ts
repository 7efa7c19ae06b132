import { randomBytes } from 'node:crypto';
import { ZPasskeyRegistrationInput, ZPasskeyRenameInput, ZPasskeySignInInput } from '@meridian/contracts/passkeys';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { webauthnChallenges } from '../../src/db/schema/security.ts';
import { users } from '../../src/db/schema/users.ts';
import { insertChallenge } from '../../src/modules/identity/passkeys/passkeys.repository.ts';
import {
  CHALLENGE_TTL_MS,
  registerPasskey,
  registrationOptions,
  userHandleOf,
} from '../../src/modules/identity/passkeys/passkeys.service.ts';
import type { TRelyingParty } from '../../src/modules/identity/passkeys/relying-party.ts';
import type { TCallerName, TRouteRow } from '../route-table.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';

/**
 * Passkey rows of the route table (route-table.ts): each call that should succeed gets a fresh
 * challenge (and a registered passkey of the owner to rename, remove or sign in with) from `prepare`,
 * and a body answered by a software authenticator (soft-authenticator.ts).
 */

/** What an injected request looks like to the app: http://localhost. */
const RP: TRelyingParty = { id: 'localhost', name: 'Meridian', origins: ['http://localhost'] };

const everyone: Record<TCallerName, 'ok'> = { anonymous: 'ok', clientA: 'ok', clientB: 'ok', agent: 'ok', admin: 'ok' };
const clientsAndAdmins = {
  anonymous: 'unauthenticated',
  clientA: 'ok',
  clientB: 'ok',
  agent: 'forbidden',
  admin: 'ok',
} as const;
const ownerOnly = {
  anonymous: 'unauthenticated',
  clientA: 'ok',
  clientB: 'notYours',
  agent: 'forbidden',
  admin: 'notYours',
} as const;

/** A passkey of the owner registered through the service, as the Security page would. */
async function placeOwnerPasskey(
  app: FastifyInstance,
  ownerId: string,
): Promise<{ id: string; soft: SoftAuthenticator }> {
  const caller = { id: ownerId, type: 'Client' as const, sessionId: '' };
  const soft = new SoftAuthenticator();
  const { options } = await registrationOptions(app.db, caller, RP);
  const passkey = await registerPasskey(
    app.db,
    caller,
    ZPasskeyRegistrationInput.parse({ response: soft.register(options) }),
    RP,
  );
  return { id: passkey.id, soft };
}

/** The registration challenge the next call answers; stored for every client and admin alike. */
let registrationChallenge = randomBytes(32).toString('base64url');

/** The owner's passkey the rename and remove rows name. */
let ownerPasskeyId = '5d1f0c2e-8b7a-4c3d-9e6f-0a1b2c3d4e5f';

/**
 * The sign-in row's passkey of the owner, one per app (test files share this module when Vitest does
 * not isolate them), and the challenge its next call answers.
 */
const signInKeys = new WeakMap<FastifyInstance, SoftAuthenticator>();
let signInKey: SoftAuthenticator | undefined;
let signIn = { challengeId: '', challenge: '' };

export const PASSKEY_ROUTES: TRouteRow[] = [
  { method: 'GET', url: '/api/passkeys', access: clientsAndAdmins },
  { method: 'POST', url: '/api/passkeys/registration/options', access: clientsAndAdmins },
  {
    // Whoever calls answers a challenge made for them: `prepare` stores one for every client and admin.
    method: 'POST',
    url: '/api/passkeys/registration',
    prepare: async (app) => {
      registrationChallenge = randomBytes(32).toString('base64url');
      const callers = await app.db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.type, ['Client', 'Admin']));
      await app.db.insert(webauthnChallenges).values(
        callers.map(({ id }) => ({
          userId: id,
          purpose: 'register' as const,
          challenge: registrationChallenge,
          expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        })),
      );
    },
    body: {
      schema: ZPasskeyRegistrationInput,
      sample: ({ owner }) => ({
        response: new SoftAuthenticator().register({
          challenge: registrationChallenge,
          rp: { id: RP.id },
          user: { id: Buffer.from(userHandleOf(owner.id)).toString('base64url') },
        }),
        name: 'Laptop',
      }),
      encodings: ['json'],
    },
    access: clientsAndAdmins,
  },
  {
    method: 'PATCH',
    url: '/api/passkeys/:id',
    params: () => ({ id: ownerPasskeyId }),
    prepare: async (app, { owner }) => {
      ownerPasskeyId = (await placeOwnerPasskey(app, owner.id)).id;
    },
    body: { schema: ZPasskeyRenameInput, sample: () => ({ name: 'Old phone' }), encodings: ['json'] },
    access: ownerOnly,
  },
  {
    method: 'DELETE',
    url: '/api/passkeys/:id',
    params: () => ({ id: ownerPasskeyId }),
    prepare: async (app, { owner }) => {
      ownerPasskeyId = (await placeOwnerPasskey(app, owner.id)).id;
    },
    access: ownerOnly,
  },
  { method: 'POST', url: '/api/login/passkey/options', access: everyone },
  {
    // Signs the owner in with their passkey, whoever sends it (a public route, like POST /api/login).
    method: 'POST',
    url: '/api/login/passkey',
    prepare: async (app, { owner }) => {
      signInKey = signInKeys.get(app) ?? (await placeOwnerPasskey(app, owner.id)).soft;
      signInKeys.set(app, signInKey);
      const challenge = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
      signIn = {
        challenge,
        challengeId: await insertChallenge(app.db, { userId: null, purpose: 'sign-in', challenge, expiresAt }),
      };
    },
    body: {
      schema: ZPasskeySignInInput,
      sample: () => ({
        challengeId: signIn.challengeId || '00000000-0000-4000-8000-000000000000',
        response: (signInKey ?? new SoftAuthenticator()).signIn({ challenge: signIn.challenge || 'none', rpId: RP.id }),
        remember: false,
      }),
      encodings: ['json'],
    },
    access: everyone,
  },
];
