import type { TInAppMessage } from '@meridian/contracts/notifications';
import type { TInAppMessageRow } from './messages.repository.ts';

/** What a receiver sees of a message (never who sent it). */
export function toApiInAppMessage(row: TInAppMessageRow): TInAppMessage {
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}
