import type { TLanguage } from '@meridian/contracts/constants';
import type { TNotice } from '@meridian/contracts/notice-terms';
import type { TMail } from '../../../providers/mail/interface.ts';
import { composeMail, greeting, link, p } from '../../platform/mail/index.ts';
import { noticeText } from './notice-words.ts';

/**
 * The email of a money notice (docs/money.md, "Notices"), the one place a notice becomes a mail: the
 * notice's title as the subject, its words and reason in the client's language, and the link to its
 * record on the site.
 */

const SEE_RECORD: Record<TLanguage, string> = {
  en: 'See the details in your account:',
  es: 'Vea los detalles en su cuenta:',
  fr: 'Consultez le détail dans votre compte :',
  de: 'Die Einzelheiten finden Sie in Ihrem Konto:',
  it: 'Vedi i dettagli nel tuo account:',
  pt: 'Veja os detalhes na sua conta:',
  ru: 'Подробности — в вашем аккаунте:',
  ja: '詳細はアカウントでご確認ください:',
};

export function noticeMail(
  to: { email: string; firstname: string; language: TLanguage },
  notice: TNotice,
  siteLink: (path: string) => string,
): TMail {
  const words = noticeText(to.language, notice.key, notice.params);
  return composeMail(to.email, to.language, {
    subject: words.title,
    blocks: [
      greeting(to.language, to.firstname),
      p(words.body),
      p(words.reason ?? ''),
      ...(notice.link ? [p(SEE_RECORD[to.language]), link(siteLink(notice.link))] : []),
    ],
  });
}
