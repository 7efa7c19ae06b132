import type { TLanguage } from '@meridian/contracts/constants';
import type { TMail } from '../../../providers/mail/interface.ts';
import { code, composeMail, link, p } from '../../platform/mail/index.ts';

/**
 * The email sent the moment a withdrawal address is saved (docs/security.md, "Withdrawal address
 * book"), in the client's language: which address, for which method, from when it can receive
 * withdrawals, how to remove it, and what to do if it was not them.
 */

interface TFacts {
  method: string;
  address: string;
  label: string;
  /** When it becomes usable, already formatted for the language. */
  activeFrom: string;
  /** The address book page. */
  link: string;
}

interface TTexts {
  subject: string;
  intro: (f: TFacts) => string;
  label: string;
  usable: (f: TFacts) => string;
  usableNow: string;
  remove: string;
  notYou: string;
}

const TEXTS: Record<TLanguage, TTexts> = {
  en: {
    subject: 'A withdrawal address was added to your account',
    intro: (f) => `A new withdrawal address was saved in your address book for ${f.method}:`,
    label: 'Label',
    usable: (f) => `It can receive withdrawals from ${f.activeFrom}.`,
    usableNow: 'It can receive withdrawals now.',
    remove: 'To remove it, open your address book:',
    notYou:
      'If you did not add it, remove it at once and change your password: someone else may be signed in to your account.',
  },
  de: {
    subject: 'Ihrem Konto wurde eine Auszahlungsadresse hinzugefügt',
    intro: (f) => `In Ihrem Adressbuch wurde eine neue Auszahlungsadresse für ${f.method} gespeichert:`,
    label: 'Bezeichnung',
    usable: (f) => `Sie kann ab ${f.activeFrom} Auszahlungen empfangen.`,
    usableNow: 'Sie kann ab sofort Auszahlungen empfangen.',
    remove: 'Um sie zu entfernen, öffnen Sie Ihr Adressbuch:',
    notYou:
      'Wenn Sie sie nicht hinzugefügt haben, entfernen Sie sie sofort und ändern Sie Ihr Passwort: Möglicherweise ist jemand anderes in Ihrem Konto angemeldet.',
  },
  es: {
    subject: 'Se añadió una dirección de retiro a su cuenta',
    intro: (f) => `Se guardó una nueva dirección de retiro en su libreta de direcciones para ${f.method}:`,
    label: 'Etiqueta',
    usable: (f) => `Podrá recibir retiros a partir del ${f.activeFrom}.`,
    usableNow: 'Ya puede recibir retiros.',
    remove: 'Para eliminarla, abra su libreta de direcciones:',
    notYou:
      'Si no la añadió usted, elimínela de inmediato y cambie su contraseña: puede que otra persona haya iniciado sesión en su cuenta.',
  },
  fr: {
    subject: 'Une adresse de retrait a été ajoutée à votre compte',
    intro: (f) => `Une nouvelle adresse de retrait a été enregistrée dans votre carnet d’adresses pour ${f.method} :`,
    label: 'Libellé',
    usable: (f) => `Elle pourra recevoir des retraits à partir du ${f.activeFrom}.`,
    usableNow: 'Elle peut recevoir des retraits dès maintenant.',
    remove: 'Pour la supprimer, ouvrez votre carnet d’adresses :',
    notYou:
      'Si ce n’est pas vous qui l’avez ajoutée, supprimez-la immédiatement et changez votre mot de passe : quelqu’un d’autre est peut-être connecté à votre compte.',
  },
  it: {
    subject: 'È stato aggiunto un indirizzo di prelievo al tuo account',
    intro: (f) => `Un nuovo indirizzo di prelievo è stato salvato nella tua rubrica per ${f.method}:`,
    label: 'Etichetta',
    usable: (f) => `Potrà ricevere prelievi a partire dal ${f.activeFrom}.`,
    usableNow: 'Può ricevere prelievi da subito.',
    remove: 'Per rimuoverlo, apri la tua rubrica degli indirizzi:',
    notYou:
      'Se non sei stato tu ad aggiungerlo, rimuovilo subito e cambia la password: qualcun altro potrebbe avere accesso al tuo account.',
  },
  ja: {
    subject: 'アカウントに出金先アドレスが追加されました',
    intro: (f) => `${f.method} の新しい出金先アドレスがアドレス帳に保存されました:`,
    label: 'ラベル',
    usable: (f) => `このアドレスへの出金は ${f.activeFrom} から可能になります。`,
    usableNow: 'このアドレスへの出金は今すぐ可能です。',
    remove: '削除するには、アドレス帳を開いてください:',
    notYou:
      'ご自身で追加していない場合は、すぐに削除してパスワードを変更してください。第三者があなたのアカウントにサインインしている可能性があります。',
  },
  pt: {
    subject: 'Um endereço de saque foi adicionado à sua conta',
    intro: (f) => `Um novo endereço de saque foi salvo no seu catálogo de endereços para ${f.method}:`,
    label: 'Rótulo',
    usable: (f) => `Ele poderá receber saques a partir de ${f.activeFrom}.`,
    usableNow: 'Ele já pode receber saques.',
    remove: 'Para removê-lo, abra o seu catálogo de endereços:',
    notYou:
      'Se não foi você que o adicionou, remova-o imediatamente e altere sua senha: outra pessoa pode estar conectada à sua conta.',
  },
  ru: {
    subject: 'В ваш аккаунт добавлен адрес для вывода средств',
    intro: (f) => `В вашу адресную книгу сохранён новый адрес для вывода через ${f.method}:`,
    label: 'Метка',
    usable: (f) => `На него можно будет выводить средства с ${f.activeFrom}.`,
    usableNow: 'На него уже можно выводить средства.',
    remove: 'Чтобы удалить его, откройте адресную книгу:',
    notYou:
      'Если вы его не добавляли, немедленно удалите его и смените пароль: возможно, в ваш аккаунт вошёл кто-то другой.',
  },
};

/** The date and time in the language's words, in UTC (the email cannot know the reader's zone). */
export function formatMailTime(at: Date, language: TLanguage): string {
  const text = new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);
  return `${text} UTC`;
}

export function addressAddedMail(
  to: string,
  language: TLanguage,
  facts: Omit<TFacts, 'activeFrom'> & { activeFrom: Date; activeNow: boolean },
): TMail {
  const t = TEXTS[language];
  const f: TFacts = { ...facts, activeFrom: formatMailTime(facts.activeFrom, language) };
  return composeMail(to, language, {
    subject: t.subject,
    blocks: [
      p(t.intro(f)),
      code(f.address),
      p(f.label ? `${t.label}: ${f.label}` : ''),
      p(facts.activeNow ? t.usableNow : t.usable(f)),
      p(t.remove),
      link(f.link),
      p(t.notYou),
    ],
  });
}
