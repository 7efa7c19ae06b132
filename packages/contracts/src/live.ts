import { z } from 'zod';
import { LIVE_TOPICS } from './live-terms.ts';
import type { TMessageKey } from './messages.ts';

/**
 * The schemas of the live account updates; their topics and event names are in live-terms.ts.
 */
export const ZLiveTopic = z.enum(LIVE_TOPICS);

/** The `ready` event's data: nothing but that the stream is open. */
export const ZLiveReadyEvent = z.strictObject({});

/**
 * The `change` event's data: the topics that changed since the last event (changes within ~100 ms come
 * as one). Every topic at once is also the full refetch signal the server sends when changes may have
 * been lost between servers (Redis or LISTEN was away).
 */
export const ZLiveChangeEvent = z.object({ topics: z.array(ZLiveTopic).min(1) });
export type TLiveChangeEvent = z.infer<typeof ZLiveChangeEvent>;

/** `?once=1`: the opening only, then the answer ends (a check that the stream would open). */
export const ZLiveStreamQuery = z.strictObject({
  once: z.enum(['0', '1'], { error: 'validation.onceInvalid' satisfies TMessageKey }).optional(),
});
