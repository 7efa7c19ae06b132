import { z } from 'zod';
import { requiredText } from './fields.ts';
import type { TMessageKey } from './messages.ts';
import { isNoticeLink, NOTICE_KEYS } from './notice-terms.ts';

/**
 * An in-app message: an admin's words to a client, or the platform's notice of an event (a key with
 * its parameters and the path of its record, notice-terms.ts), which the web app words in the
 * reader's language. A notice's `subject` and `message` are its English words, for a reader that
 * does not know its key; a message stored before notices had keys has only those.
 */
export const ZInAppMessage = z.object({
  id: z.uuid(),
  subject: z.string(),
  message: z.string(),
  key: z.enum(NOTICE_KEYS).nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  link: z.string().refine(isNoticeLink).nullable(),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type TInAppMessage = z.infer<typeof ZInAppMessage>;

/** GET /api/inappmessage/receiver/{userId}: newest first, with the unread count for the bell. */
export const ZInAppMessageList = z.object({
  result: z.array(ZInAppMessage),
  unread: z.number().int().nonnegative(),
});
export type TInAppMessageList = z.infer<typeof ZInAppMessageList>;

/** Longest accepted subject and message of an in-app message (the server refuses longer ones). */
export const IN_APP_SUBJECT_MAX = 150;
export const IN_APP_MESSAGE_MAX = 5000;
/** How much of a message the notifications list shows before Read More. */
export const IN_APP_PREVIEW_LENGTH = 100;

/** POST /api/inappmessage (admin): the sender is the caller, never the body. */
export const ZInAppMessageInput = z.strictObject({
  receiver: z.uuid({ error: 'errors.notFound' satisfies TMessageKey }),
  subject: requiredText('validation.subjectRequired', IN_APP_SUBJECT_MAX),
  message: requiredText('validation.messageRequired', IN_APP_MESSAGE_MAX),
});
export type TInAppMessageInput = z.input<typeof ZInAppMessageInput>;

export const ZInAppMessageParams = z.strictObject({
  id: z.uuid({ error: 'errors.notFound' satisfies TMessageKey }),
});
