import { z } from 'zod';
import type { TMessageKey } from './messages.ts';

/**
 * Live account updates (docs/architecture.md, "Live account updates"): what changed for the signed-in
 * user, named by topic only. An event carries no figure and no personal data; the web refetches what
 * the topic names through the normal API.
 */
export const LIVE_TOPICS = ['balances', 'transactions', 'notifications', 'positions'] as const;
export const ZLiveTopic = z.enum(LIVE_TOPICS);
export type TLiveTopic = z.infer<typeof ZLiveTopic>;

/**
 * The `change` event's data: the topics that changed since the last event (changes within ~100 ms come
 * as one). Every topic at once is also the full refetch signal the server sends when changes may have
 * been lost between servers (Redis or LISTEN was away).
 */
export const ZLiveChangeEvent = z.object({ topics: z.array(ZLiveTopic).min(1) });
export type TLiveChangeEvent = z.infer<typeof ZLiveChangeEvent>;

/** The SSE event names of the stream: `ready` once it is open, then `change` for each batch of changes. */
export const LIVE_EVENTS = { ready: 'ready', change: 'change' } as const;

/** `?once=1`: the opening only, then the answer ends (a check that the stream would open). */
export const ZLiveStreamQuery = z.strictObject({
  once: z.enum(['0', '1'], { error: 'validation.onceInvalid' satisfies TMessageKey }).optional(),
});

/** Open live streams allowed per user, over every server (one per signed-in tab). */
export const LIVE_STREAMS_PER_USER = 10;
