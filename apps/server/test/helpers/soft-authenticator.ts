import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, for the API tests: a P-256 key pair per credential, 'none'
 * attestation, authenticator data with the user-presence, user-verification and attested-data flags,
 * and assertions signed over the authenticator data and the client data's hash, with a signature
 * counter. It answers as a browser would (the JSON of `PublicKeyCredential.toJSON()`), with the
 * origin and challenge it is given, so tests can also answer wrongly on purpose.
 */

/** What a test passes in: the options the server answered (only what an authenticator reads). */
export interface TCreationOptionsLike {
  challenge: string;
  rp: { id?: string | undefined };
  user: { id: string };
}
export interface TRequestOptionsLike {
  challenge: string;
  rpId?: string | undefined;
}

/** The credential JSON a browser hands over: the authenticator's `response` in its envelope. */
interface TCredentialJSON<TResponse> {
  id: string;
  rawId: string;
  type: 'public-key';
  response: TResponse;
  authenticatorAttachment: 'platform';
  clientExtensionResults: Record<string, never>;
}

export type TRegistrationJSON = TCredentialJSON<{
  clientDataJSON: string;
  attestationObject: string;
  transports: string[];
}>;

export type TAuthenticationJSON = TCredentialJSON<{
  clientDataJSON: string;
  authenticatorData: string;
  signature: string;
  userHandle?: string;
}>;

/** Ways to answer wrongly, or as a particular authenticator would. */
export interface TAnswerOverrides {
  /** The page's origin in the client data (default: the authenticator's). */
  origin?: string;
  /** Sign another challenge than the options'. */
  challenge?: string;
  /** The RP ID whose hash starts the authenticator data (default: the options'). */
  rpId?: string;
  /** Whether the person was verified (default true). */
  userVerified?: boolean;
  /** The signature counter to report (default: one more than last time, from 1 on). */
  counter?: number;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export class SoftAuthenticator {
  readonly credentialId: Buffer = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private userHandle: string | undefined;
  private rpId: string | undefined;
  /** The last signature counter reported (0: none yet; registration reports 0). */
  counter = 0;

  constructor(readonly origin = 'http://localhost') {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** `navigator.credentials.create(options)`: a new credential, attested with format 'none'. */
  register(options: TCreationOptionsLike, overrides: TAnswerOverrides = {}): TRegistrationJSON {
    this.rpId = overrides.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    this.userHandle = options.user.id;
    const clientDataJSON = this.clientData('webauthn.create', overrides.challenge ?? options.challenge, overrides);
    const jwk = this.publicKey.export({ format: 'jwk' });
    if (!jwk.x || !jwk.y) throw new Error('no EC public key');
    // COSE_Key of an ES256 key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
    const coseKey = cbor(
      new Map<number, TCbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, coseKey]);
    const authData = this.authenticatorData(this.rpId, FLAG_AT, overrides, overrides.counter ?? 0, attested);
    const attestationObject = cbor(
      new Map<string, TCbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    });
  }

  /** `navigator.credentials.get(options)`: an assertion of this credential, signed with its key. */
  signIn(options: TRequestOptionsLike, overrides: TAnswerOverrides = {}): TAuthenticationJSON {
    const rpId = overrides.rpId ?? options.rpId ?? this.rpId ?? new URL(this.origin).hostname;
    const counter = overrides.counter ?? this.counter + 1;
    this.counter = counter;
    const clientDataJSON = this.clientData('webauthn.get', overrides.challenge ?? options.challenge, overrides);
    const authData = this.authenticatorData(rpId, 0, overrides, counter);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      ...(this.userHandle ? { userHandle: this.userHandle } : {}),
    });
  }

  private credential<TResponse>(response: TResponse): TCredentialJSON<TResponse> {
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response,
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  private clientData(type: string, challenge: string, overrides: TAnswerOverrides): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: overrides.origin ?? this.origin, crossOrigin: false }),
      'utf8',
    );
  }

  private authenticatorData(
    rpId: string,
    extraFlags: number,
    overrides: TAnswerOverrides,
    counter: number,
    attested: Buffer = Buffer.alloc(0),
  ): Buffer {
    const flags = FLAG_UP | (overrides.userVerified === false ? 0 : FLAG_UV) | extraFlags;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested]);
  }
}

// --- A tiny CBOR encoder (RFC 8949): unsigned and negative integers, byte and text strings, maps -----

export type TCbor = number | string | Uint8Array | Map<number | string, TCbor>;

export function cbor(value: TCbor): Buffer {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error('only integers');
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

/** A data item's first bytes: the major type and the argument (a length or the integer itself). */
function head(major: number, argument: number): Buffer {
  const type = major << 5;
  if (argument < 24) return Buffer.from([type | argument]);
  if (argument < 0x100) return Buffer.from([type | 24, argument]);
  if (argument < 0x10000) {
    const out = Buffer.alloc(3);
    out[0] = type | 25;
    out.writeUInt16BE(argument, 1);
    return out;
  }
  const out = Buffer.alloc(5);
  out[0] = type | 26;
  out.writeUInt32BE(argument, 1);
  return out;
}
