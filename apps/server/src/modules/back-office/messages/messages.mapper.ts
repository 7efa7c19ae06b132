import { isNoticeKey, isNoticeLink } from '@meridian/contracts/notice-terms';
import type { TInAppMessage } from '@meridian/contracts/notifications';
import type { TInAppMessageRow } from './messages.repository.ts';

/**
 * What a receiver sees of a message (never who sent it). A key this server does not know (written
 * by a newer version before a rollback) is left out: its English words are still there.
 */
export function toApiInAppMessage(row: TInAppMessageRow): TInAppMessage {
  const known = row.key !== null && isNoticeKey(row.key);
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    key: known ? row.key : null,
    params: known ? row.params : null,
    link: row.link !== null && isNoticeLink(row.link) ? row.link : null,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}
