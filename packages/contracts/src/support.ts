import { z } from 'zod';
import { ZEmail } from './auth.ts';
import { requiredText } from './fields.ts';
import type { TMessageKey } from './messages.ts';

/** Longest accepted values of the support form (the server refuses longer ones). */
export const SUPPORT_NAME_MAX = 100;
export const SUPPORT_PHONE_MAX = 32;
export const SUPPORT_MESSAGE_MAX = 5000;
/** How much of a message the admin card grid shows. */
export const SUPPORT_PREVIEW_LENGTH = 100;

/** The public support form (POST messagereq). */
export const ZSupportMessageInput = z.strictObject({
  name: requiredText('validation.fullNameRequired', SUPPORT_NAME_MAX),
  email: ZEmail,
  phone: requiredText('validation.phoneRequired', SUPPORT_PHONE_MAX),
  message: requiredText('validation.messageRequired', SUPPORT_MESSAGE_MAX),
});
export type TSupportMessageInput = z.input<typeof ZSupportMessageInput>;

/** A message request as the admin reads it. */
export const ZSupportMessage = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
});
export type TSupportMessage = z.infer<typeof ZSupportMessage>;

/** GET /api/messagereq: newest first; `totalPage` is there when the list is paged. */
export const ZSupportMessageList = z.object({
  messages: z.array(ZSupportMessage),
  totalPage: z.number().int().optional(),
});
export type TSupportMessageList = z.infer<typeof ZSupportMessageList>;

/** `?page=&limit=`: both optional; without them the whole list (newest first, capped) is returned. */
export const ZSupportMessageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const ZSupportMessageParams = z.strictObject({
  id: z.uuid({ error: 'errors.notFound' satisfies TMessageKey }),
});
