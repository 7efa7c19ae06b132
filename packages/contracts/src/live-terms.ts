/**
 * Live account updates (docs/architecture.md, "Live account updates"): what changed for the signed-in
 * user, named by topic only. An event carries no figure and no personal data; the web refetches what
 * the topic names through the normal API. No schemas here (they are in live.ts): a page's first
 * render imports this without zod (docs/architecture.md, "Schema-free contracts").
 */
/** `account`: the user's own record changed in a way a screen shows (their email address verified or not). */
export const LIVE_TOPICS = ['balances', 'transactions', 'notifications', 'positions', 'orders', 'account'] as const;
export type TLiveTopic = (typeof LIVE_TOPICS)[number];

/** The SSE event names of the stream: `ready` once it is open, then `change` for each batch of changes. */
export const LIVE_EVENTS = { ready: 'ready', change: 'change' } as const;

/** Open live streams allowed per user, over every server (one per signed-in tab). */
export const LIVE_STREAMS_PER_USER = 10;
