import type { TConfig } from '../../../config.ts';

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
 * The site's relying party: WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS when set, else PUBLIC_URL's origin
 * and host (config.ts resolves it). Nothing comes from the request: an assertion made on another
 * origin that shares the RP ID (another port, a sibling subdomain) would otherwise pass by arriving
 * with that origin's Host or Origin header.
 */
export function relyingPartyOf(
  config: Pick<TConfig, 'WEBAUTHN_RP_ID' | 'WEBAUTHN_ORIGINS' | 'PUBLIC_URL'>,
  name: string,
): TRelyingParty {
  const origins = config.WEBAUTHN_ORIGINS ?? [config.PUBLIC_URL];
  const id = config.WEBAUTHN_RP_ID ?? new URL(config.PUBLIC_URL).hostname;
  return { id, name, origins };
}
