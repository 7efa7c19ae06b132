import { z } from 'zod';
import { requiredText } from './fields.ts';
import type { TMessageKey } from './messages.ts';

/**
 * Signed-in sessions (docs/security.md, "Sessions"): one per sign-in, as the person sees it in
 * their list on the Security page and an admin sees it on a client's page. The browser, system and
 * kind of device are read from the user agent the browser sent at sign-in; the IP is the address it
 * came from then. No place is shown: the server ships no geolocation database.
 */

/** How the sign-in was proven (`session_families.method`). */
export const SESSION_METHODS = ['password', 'passkey', 'code'] as const;
export type TSessionMethod = (typeof SESSION_METHODS)[number];

/** The second factor a password sign-in also gave, if one was asked. */
export const SESSION_SECOND_FACTORS = ['totp', 'recovery-code'] as const;

/** The kind of device, from the user agent; `unknown` when it names none (a script, an empty header). */
export const SESSION_DEVICES = ['desktop', 'mobile', 'tablet', 'unknown'] as const;
export type TSessionDevice = (typeof SESSION_DEVICES)[number];

export const ZSession = z.object({
  id: z.uuid(),
  /** Browser name and major version ("Chrome 126"); empty when the user agent names none. */
  browser: z.string(),
  /** Operating system and its version when known ("Windows 10", "iOS 17.5"); empty when unknown. */
  os: z.string(),
  device: z.enum(SESSION_DEVICES),
  /** The User-Agent header as sent at sign-in (at most 512 characters). */
  userAgent: z.string(),
  ip: z.string(),
  method: z.enum(SESSION_METHODS),
  secondFactor: z.enum(SESSION_SECOND_FACTORS).nullable(),
  createdAt: z.iso.datetime(),
  /** Sign-in, refresh or a request, to the minute (docs/security.md, "Sessions"). */
  lastUsedAt: z.iso.datetime(),
  /** The session of the caller's own access token. Always false in an admin's list of a client's. */
  current: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;

/** Live sessions (not ended, with a refresh token still good), the most recently used first. */
export const ZSessionList = z.object({ sessions: z.array(ZSession) });
export type TSessionList = z.infer<typeof ZSessionList>;

export const ZSessionParams = z.strictObject({ id: z.uuid({ error: 'errors.notFound' satisfies TMessageKey }) });

/** Ending several sessions answers how many ended. */
export const ZSessionsEnded = z.object({ message: z.string(), count: z.number().int().min(0) });
export type TSessionsEnded = z.infer<typeof ZSessionsEnded>;

/** An admin ends every session of a client: the reason is kept in the audit log. */
export const ZEndClientSessionsInput = z.strictObject({ reason: requiredText('validation.reasonRequired', 500) });
export type TEndClientSessionsInput = z.input<typeof ZEndClientSessionsInput>;
