import type { FastifyRequest } from 'fastify';
import type { TConfig } from '../../config.ts';

/** Who passkeys are made for and where their answers may come from (docs/security.md, "Passkeys"). */
export interface TRelyingParty {
  /** The RP ID: a domain the site is on; a passkey works on that domain and its subdomains. */
  id: string;
  /** Shown by the browser and the authenticator beside the account's name. */
  name: string;
  /** Every origin (`https://host[:port]`) an answer's client data may name. */
  origins: string[];
}

/**
 * The relying party of a request: WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS when set; else PUBLIC_URL's
 * origin; else the request's own, so the embedded default works on http://localhost:PORT. A browser
 * names its page's origin in the `Origin` header; it is taken when its host is the request's own (a
 * TLS proxy without TRUST_PROXY makes the request look like plain HTTP), otherwise the request's
 * protocol and host are.
 */
export function relyingPartyOf(
  config: Pick<TConfig, 'WEBAUTHN_RP_ID' | 'WEBAUTHN_ORIGINS' | 'PUBLIC_URL'>,
  request: FastifyRequest,
  name: string,
): TRelyingParty {
  const origins =
    config.WEBAUTHN_ORIGINS ?? (config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : [requestOrigin(request)]);
  const id = config.WEBAUTHN_RP_ID ?? new URL(origins[0] ?? requestOrigin(request)).hostname;
  return { id, name, origins };
}

function requestOrigin(request: FastifyRequest): string {
  const own = new URL(`${request.protocol}://${request.host}`);
  const header = request.headers.origin;
  const named = typeof header === 'string' ? URL.parse(header) : null;
  if (named && (named.protocol === 'https:' || named.protocol === 'http:') && named.host === own.host) {
    return named.origin;
  }
  return own.origin;
}
