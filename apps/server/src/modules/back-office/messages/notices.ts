import { DEFAULT_LANGUAGE } from '@meridian/contracts/constants';
import { isMoneyNotice, type TNotice } from '@meridian/contracts/notice-terms';
import type { DbOrTx } from '../../../db/client.ts';
import { mailRecipients } from '../../identity/users/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { insertMessages } from './messages.repository.ts';
import { noticeMail } from './notice-mail.ts';
import { noticeText } from './notice-words.ts';

/**
 * The platform's notices to clients (docs/money.md, "Notices"). Each is stored as its key, its
 * parameters and the link to its record (with its English words for a reader that does not know
 * the key), and a money notice is emailed in the client's language, both with `db`: the transaction
 * of the change it tells, so a notice exists exactly when its change does. The bell hears of it
 * through the live updates once the transaction commits.
 */

/** A notice for one client; `senderId` is the admin whose decision it tells, if one did. */
export type TClientNotice = TNotice & { receiverId: string; senderId?: string | null };

export async function tellClients(db: DbOrTx, mail: Mailer, notices: readonly TClientNotice[]): Promise<void> {
  if (notices.length === 0) return;
  await insertMessages(
    db,
    notices.map((notice) => {
      const english = noticeText('en', notice.key, notice.params);
      return {
        receiverId: notice.receiverId,
        senderId: notice.senderId ?? null,
        key: notice.key,
        params: notice.params,
        link: notice.link,
        subject: english.title,
        message: english.reason ? `${english.body} ${english.reason}` : english.body,
      };
    }),
  );
  const mailed = notices.filter((notice) => isMoneyNotice(notice.key));
  if (mailed.length === 0) return;
  const recipients = new Map(
    (await mailRecipients(db, [...new Set(mailed.map((n) => n.receiverId))])).map((r) => [r.id, r]),
  );
  await mail.queueAll(
    db,
    mailed.flatMap((notice) => {
      const to = recipients.get(notice.receiverId);
      if (!to) return [];
      return [noticeMail({ ...to, language: to.language ?? DEFAULT_LANGUAGE }, notice, (path) => mail.siteLink(path))];
    }),
  );
}

export function tellClient(db: DbOrTx, mail: Mailer, notice: TClientNotice): Promise<void> {
  return tellClients(db, mail, [notice]);
}
