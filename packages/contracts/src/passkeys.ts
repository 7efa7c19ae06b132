import { z } from 'zod';
import { text } from './fields.ts';
import type { TMessageKey } from './messages.ts';

/**
 * Passkeys (WebAuthn, docs/security.md "Passkeys"): a client or admin registers passkeys on the
 * Security page and signs in with one instead of the password and the second factor. The shapes of
 * the browser's WebAuthn JSON (options the server sends, answers the browser returns) are those of
 * the W3C's `PublicKeyCredential*JSON` dictionaries, as SimpleWebAuthn reads and writes them.
 */

export const PASSKEY_NAME_MAX = 64;

/** A passkey's name as a person types it: 1 to 64 characters, trimmed. */
export const ZPasskeyName = text('passkeys.nameRequired' satisfies TMessageKey)
  .trim()
  .min(1, { error: 'passkeys.nameRequired' satisfies TMessageKey })
  .max(PASSKEY_NAME_MAX, { error: 'passkeys.nameTooLong' satisfies TMessageKey });

export const PASSKEY_DEVICE_TYPES = ['singleDevice', 'multiDevice'] as const;

/** One passkey as its owner sees it (never the key itself). */
export const ZPasskey = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  /** The last sign-in with it; null until it is first used. */
  lastUsedAt: z.iso.datetime().nullable(),
  /** Synced by its provider to the person's other devices (a password manager, a platform account). */
  backedUp: z.boolean(),
  deviceType: z.enum(PASSKEY_DEVICE_TYPES),
});
export type TPasskey = z.infer<typeof ZPasskey>;

/** The caller's passkeys, oldest first. */
export const ZPasskeyList = z.object({ passkeys: z.array(ZPasskey) });
export type TPasskeyList = z.infer<typeof ZPasskeyList>;

export const ZPasskeyParams = z.strictObject({ id: z.uuid({ error: 'errors.notFound' satisfies TMessageKey }) });

export const ZPasskeyAnswer = z.object({ message: z.string(), passkey: ZPasskey });
export type TPasskeyAnswer = z.infer<typeof ZPasskeyAnswer>;

// --- WebAuthn JSON -------------------------------------------------------------------------------

const INVALID: TMessageKey = 'passkeys.answerInvalid';

/** Binary data of WebAuthn, base64url without padding, at most `max` characters. */
const base64url = (max: number) =>
  text(INVALID)
    .regex(/^[A-Za-z0-9_-]+$/, { error: INVALID })
    .max(max, { error: INVALID });

/** How a browser may reach an authenticator (WebAuthn's `AuthenticatorTransport`). */
export const PASSKEY_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

/** A credential named in options: one to exclude at registration. */
const ZCredentialDescriptor = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.enum(PASSKEY_TRANSPORTS)).optional(),
});

const USER_VERIFICATION = ['discouraged', 'preferred', 'required'] as const;

/** `PublicKeyCredentialCreationOptionsJSON`: what `navigator.credentials.create` is asked. */
export const ZPasskeyCreationOptions = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(ZCredentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(USER_VERIFICATION).optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
});
export type TPasskeyCreationOptions = z.infer<typeof ZPasskeyCreationOptions>;

/** `PublicKeyCredentialRequestOptionsJSON`: what `navigator.credentials.get` is asked. */
export const ZPasskeyRequestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(ZCredentialDescriptor).optional(),
  userVerification: z.enum(USER_VERIFICATION).optional(),
});
export type TPasskeyRequestOptions = z.infer<typeof ZPasskeyRequestOptions>;

/**
 * Extension outputs the browser reports. None is relied upon: `credProps` (whether the credential is
 * discoverable) is read if sent, anything else is dropped.
 */
const ZClientExtensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });

/** `RegistrationResponseJSON`: the new credential the browser returns. */
export const ZPasskeyRegistrationResponse = z.object(
  {
    id: base64url(1400),
    rawId: base64url(1400),
    type: z.literal('public-key', { error: INVALID }),
    response: z.object({
      clientDataJSON: base64url(8192),
      attestationObject: base64url(65536),
      authenticatorData: base64url(65536).optional(),
      transports: z
        .array(text(INVALID).max(32, { error: INVALID }))
        .max(16, { error: INVALID })
        .optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url(8192).optional(),
    }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: ZClientExtensionResults.default({}),
  },
  { error: INVALID },
);
export type TPasskeyRegistrationResponse = z.input<typeof ZPasskeyRegistrationResponse>;

/** `AuthenticationResponseJSON`: the signed assertion the browser returns. */
export const ZPasskeyAuthenticationResponse = z.object(
  {
    id: base64url(1400),
    rawId: base64url(1400),
    type: z.literal('public-key', { error: INVALID }),
    response: z.object({
      clientDataJSON: base64url(8192),
      authenticatorData: base64url(8192),
      signature: base64url(8192),
      userHandle: base64url(256).optional(),
    }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: ZClientExtensionResults.default({}),
  },
  { error: INVALID },
);
export type TPasskeyAuthenticationResponse = z.input<typeof ZPasskeyAuthenticationResponse>;

// --- Registration --------------------------------------------------------------------------------

/** POST /passkeys/registration/options: what the browser asks the authenticator to make. */
export const ZPasskeyRegistrationOptions = z.object({ options: ZPasskeyCreationOptions });
export type TPasskeyRegistrationOptions = z.infer<typeof ZPasskeyRegistrationOptions>;

/**
 * POST /passkeys/registration: the browser's answer to the options (its challenge names them) and
 * the name to save it under; without a name it is called "Passkey N".
 */
export const ZPasskeyRegistrationInput = z.strictObject({
  response: ZPasskeyRegistrationResponse,
  name: ZPasskeyName.optional(),
});
export type TPasskeyRegistrationInput = z.input<typeof ZPasskeyRegistrationInput>;

export const ZPasskeyRenameInput = z.strictObject({ name: ZPasskeyName });
export type TPasskeyRenameInput = z.input<typeof ZPasskeyRenameInput>;

// --- Sign-in -------------------------------------------------------------------------------------

/** POST /login/passkey/options: a challenge for any passkey of this site (discoverable credentials). */
export const ZPasskeySignInOptions = z.object({ challengeId: z.uuid(), options: ZPasskeyRequestOptions });
export type TPasskeySignInOptions = z.infer<typeof ZPasskeySignInOptions>;

/** POST /login/passkey: the signed answer to that challenge; answered like POST /login. */
export const ZPasskeySignInInput = z.strictObject({
  challengeId: z.uuid({ error: INVALID }),
  response: ZPasskeyAuthenticationResponse,
  remember: z.boolean().optional(),
});
export type TPasskeySignInInput = z.input<typeof ZPasskeySignInInput>;
