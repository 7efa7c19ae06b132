import type { TLanguage } from '@meridian/contracts/constants';
import type { TMail } from '../../../providers/mail/interface.ts';
import { composeMail, greeting, link, p } from '../../platform/mail/index.ts';

/**
 * Why the link is sent: a new account, an address the client changed (whose owner, if it was not
 * them, must act), or a new link the client asked for.
 */
export type TVerificationReason = 'sign-up' | 'email-changed' | 'resend';

interface TTexts {
  subject: string;
  intro: Record<TVerificationReason, string>;
  until: string;
  rules: (hours: number) => string;
  notYou: Record<TVerificationReason, string>;
}

const TEXTS: Record<TLanguage, TTexts> = {
  en: {
    subject: 'Confirm your email address',
    intro: {
      'sign-up': 'Thank you for signing up. Please confirm that this is your email address by opening this link:',
      'email-changed':
        'You changed the email address of your account to this one. Please confirm it by opening this link:',
      resend: 'Here is the new link you asked for to confirm your email address:',
    },
    until:
      'Until you do, you can sign in and look around, but deposits, withdrawals, investments, positions and signals stay closed.',
    rules: (hours) => `The link works once, within ${hours} hours. You can ask for a new one from your account.`,
    notYou: {
      'sign-up': 'If you did not create an account, ignore this email: nothing happens without the link.',
      'email-changed': 'If you did not change it, contact support and change your password.',
      resend: 'If you did not ask for it, ignore this email.',
    },
  },
  es: {
    subject: 'Confirme su dirección de correo electrónico',
    intro: {
      'sign-up':
        'Gracias por registrarse. Confirme que esta es su dirección de correo electrónico abriendo este enlace:',
      'email-changed':
        'Cambió la dirección de correo electrónico de su cuenta por esta. Confírmela abriendo este enlace:',
      resend: 'Este es el nuevo enlace que pidió para confirmar su dirección de correo electrónico:',
    },
    until:
      'Hasta entonces puede iniciar sesión y explorar, pero los depósitos, retiros, inversiones, posiciones y señales permanecen cerrados.',
    rules: (hours) => `El enlace sirve una sola vez, durante ${hours} horas. Puede pedir uno nuevo desde su cuenta.`,
    notYou: {
      'sign-up': 'Si no creó ninguna cuenta, ignore este correo: sin el enlace no ocurre nada.',
      'email-changed': 'Si no la cambió usted, contacte con soporte y cambie su contraseña.',
      resend: 'Si no lo pidió usted, ignore este correo.',
    },
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail',
    intro: {
      'sign-up':
        'Merci de votre inscription. Confirmez que cette adresse e-mail est bien la vôtre en ouvrant ce lien :',
      'email-changed':
        'Vous avez remplacé l’adresse e-mail de votre compte par celle-ci. Confirmez-la en ouvrant ce lien :',
      resend: 'Voici le nouveau lien demandé pour confirmer votre adresse e-mail :',
    },
    until:
      'D’ici là, vous pouvez vous connecter et consulter votre espace, mais les dépôts, retraits, investissements, positions et signaux restent fermés.',
    rules: (hours) =>
      `Le lien ne sert qu’une fois, dans les ${hours} heures. Vous pouvez en demander un nouveau depuis votre compte.`,
    notYou: {
      'sign-up': 'Si vous n’avez pas créé de compte, ignorez cet e-mail : rien ne se passe sans le lien.',
      'email-changed': 'Si ce n’est pas vous, contactez l’assistance et changez votre mot de passe.',
      resend: 'Si vous ne l’avez pas demandé, ignorez cet e-mail.',
    },
  },
  de: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
    intro: {
      'sign-up':
        'Vielen Dank für Ihre Registrierung. Bitte bestätigen Sie über diesen Link, dass dies Ihre E-Mail-Adresse ist:',
      'email-changed':
        'Sie haben die E-Mail-Adresse Ihres Kontos in diese geändert. Bitte bestätigen Sie sie über diesen Link:',
      resend: 'Hier ist der neue Link, den Sie zur Bestätigung Ihrer E-Mail-Adresse angefordert haben:',
    },
    until:
      'Bis dahin können Sie sich anmelden und sich umsehen, aber Einzahlungen, Auszahlungen, Anlagen, Positionen und Signale bleiben gesperrt.',
    rules: (hours) =>
      `Der Link gilt einmal, innerhalb von ${hours} Stunden. Einen neuen können Sie in Ihrem Konto anfordern.`,
    notYou: {
      'sign-up': 'Wenn Sie kein Konto erstellt haben, ignorieren Sie diese E-Mail: Ohne den Link geschieht nichts.',
      'email-changed': 'Wenn Sie sie nicht geändert haben, wenden Sie sich an den Support und ändern Sie Ihr Passwort.',
      resend: 'Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.',
    },
  },
  it: {
    subject: 'Conferma il tuo indirizzo email',
    intro: {
      'sign-up': 'Grazie per la registrazione. Conferma che questo è il tuo indirizzo email aprendo questo link:',
      'email-changed': 'Hai cambiato l’indirizzo email del tuo account con questo. Confermalo aprendo questo link:',
      resend: 'Ecco il nuovo link che hai chiesto per confermare il tuo indirizzo email:',
    },
    until:
      'Fino ad allora puoi accedere e guardarti intorno, ma depositi, prelievi, investimenti, posizioni e segnali restano chiusi.',
    rules: (hours) => `Il link vale una sola volta, entro ${hours} ore. Puoi chiederne uno nuovo dal tuo account.`,
    notYou: {
      'sign-up': 'Se non hai creato un account, ignora questa email: senza il link non succede nulla.',
      'email-changed': 'Se non l’hai cambiato tu, contatta l’assistenza e cambia la password.',
      resend: 'Se non l’hai chiesto tu, ignora questa email.',
    },
  },
  pt: {
    subject: 'Confirme seu endereço de e-mail',
    intro: {
      'sign-up': 'Obrigado por se cadastrar. Confirme que este é o seu endereço de e-mail abrindo este link:',
      'email-changed': 'Você trocou o e-mail da sua conta por este. Confirme-o abrindo este link:',
      resend: 'Aqui está o novo link que você pediu para confirmar seu endereço de e-mail:',
    },
    until:
      'Até lá, você pode entrar e explorar, mas depósitos, saques, investimentos, posições e sinais ficam fechados.',
    rules: (hours) => `O link vale uma vez, em até ${hours} horas. Você pode pedir um novo na sua conta.`,
    notYou: {
      'sign-up': 'Se você não criou uma conta, ignore este e-mail: nada acontece sem o link.',
      'email-changed': 'Se não foi você que o trocou, contate o suporte e altere sua senha.',
      resend: 'Se não foi você que pediu, ignore este e-mail.',
    },
  },
  ru: {
    subject: 'Подтвердите адрес электронной почты',
    intro: {
      'sign-up': 'Спасибо за регистрацию. Подтвердите, что это ваш адрес электронной почты, открыв эту ссылку:',
      'email-changed':
        'Вы заменили адрес электронной почты своего аккаунта на этот. Подтвердите его, открыв эту ссылку:',
      resend: 'Вот новая ссылка для подтверждения адреса электронной почты, которую вы запросили:',
    },
    until:
      'До этого вы можете входить и знакомиться с сервисом, но пополнения, выводы, инвестиции, позиции и сигналы недоступны.',
    rules: (hours) => `Ссылка действует один раз в течение ${hours} ч. Новую ссылку можно запросить в своём аккаунте.`,
    notYou: {
      'sign-up': 'Если вы не создавали аккаунт, проигнорируйте это письмо: без ссылки ничего не произойдёт.',
      'email-changed': 'Если адрес меняли не вы, свяжитесь со службой поддержки и смените пароль.',
      resend: 'Если вы её не запрашивали, проигнорируйте это письмо.',
    },
  },
  ja: {
    subject: 'メールアドレスの確認',
    intro: {
      'sign-up':
        'ご登録ありがとうございます。次のリンクを開いて、このメールアドレスがご本人のものであることを確認してください:',
      'email-changed': 'アカウントのメールアドレスがこのアドレスに変更されました。次のリンクを開いて確認してください:',
      resend: 'ご依頼いただいた、メールアドレス確認用の新しいリンクです:',
    },
    until:
      '確認が済むまでは、サインインして画面をご覧いただけますが、入金・出金・投資・ポジション・シグナルはご利用いただけません。',
    rules: (hours) => `リンクは ${hours} 時間以内に 1 回だけ使えます。新しいリンクはアカウントから再送できます。`,
    notYou: {
      'sign-up':
        'アカウントを作成した覚えがない場合は、このメールを無視してください。リンクを開かない限り何も起こりません。',
      'email-changed': 'ご自身で変更していない場合は、サポートに連絡し、パスワードを変更してください。',
      resend: 'お心当たりがない場合は、このメールを無視してください。',
    },
  },
};

/** The mail with the link that verifies `to`, in the person's language. */
export function verificationMail(
  to: string,
  language: TLanguage,
  facts: { firstname: string; link: string; ttlHours: number; reason: TVerificationReason },
): TMail {
  const t = TEXTS[language];
  return composeMail(to, language, {
    subject: t.subject,
    blocks: [
      greeting(language, facts.firstname),
      p(t.intro[facts.reason]),
      link(facts.link),
      p(t.until),
      p(t.rules(facts.ttlHours)),
      p(t.notYou[facts.reason]),
    ],
  });
}
