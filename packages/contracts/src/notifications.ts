import { z } from 'zod';

/** An in-app message from staff to a client (spec 01 §3). */
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
