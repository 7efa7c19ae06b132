import { z } from 'zod';
import { requiredText } from './fields.ts';
import type { TMessageKey } from './messages.ts';

/** An in-app message from staff to a client. */
export const ZInAppMessage = z.object({
  id: z.uuid(),
  subject: z.string(),
  message: z.string(),
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
