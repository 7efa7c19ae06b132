import type { TLanguage } from '@meridian/contracts/constants';
import type { TMail } from '../../../providers/mail/interface.ts';
import { composeMail, greeting, link, p } from '../../platform/mail/index.ts';

/**
 * The recovery emails, in the person's language: the temporary code of an approved unlock or
 * password request, a refused request, and an admin's password-reset link.
 */
type TKind = 'unlock' | 'password';

interface TTexts {
  codeSubject: string;
  approved: Record<TKind, string>;
  codeIs: (code: string) => string;
  enterCode: (hours: number, attempts: number) => string;
  newPassword: string;
  codeNotYou: string;
  rejectedSubject: Record<TKind, string>;
  rejected: string;
  tryAgain: string;
  resetSubject: string;
  resetIntro: string;
  resetRules: (minutes: number) => string;
  resetNotYou: string;
}

const TEXTS: Record<TLanguage, TTexts> = {
  en: {
    codeSubject: 'Your temporary login code',
    approved: {
      unlock: 'Your request to unlock your account was approved.',
      password: 'Your password recovery request was approved.',
    },
    codeIs: (code) => `Your temporary login code is ${code}.`,
    enterCode: (hours, attempts) =>
      `Enter it with your email address on the sign-in page ("I have a code") within ${hours} hours. It works once, and ${attempts} wrong entries end it.`,
    newPassword: 'Once signed in, choose a new password in your profile.',
    codeNotYou: 'If you did not ask for this, do not share the code and contact support.',
    rejectedSubject: { unlock: 'Your unlock request', password: 'Your password recovery request' },
    rejected: 'We could not approve your request: the photo did not let us confirm who you are.',
    tryAgain:
      "You may send a new request with a clear photo of yourself holding a signed paper showing your name and today's date, or contact support.",
    resetSubject: 'Reset your password',
    resetIntro: 'Our support team sent you a link to choose a new password:',
    resetRules: (minutes) =>
      `The link works once, within ${minutes} minutes. Choosing a new password signs you out everywhere.`,
    resetNotYou: 'If you did not ask for this, ignore this email and contact support.',
  },
  es: {
    codeSubject: 'Su código de acceso temporal',
    approved: {
      unlock: 'Se aprobó su solicitud para desbloquear su cuenta.',
      password: 'Se aprobó su solicitud de recuperación de contraseña.',
    },
    codeIs: (code) => `Su código de acceso temporal es ${code}.`,
    enterCode: (hours, attempts) =>
      `Introdúzcalo con su correo electrónico en la página de inicio de sesión («Tengo un código») en las próximas ${hours} horas. Sirve una sola vez y ${attempts} intentos erróneos lo anulan.`,
    newPassword: 'Una vez dentro, elija una nueva contraseña en su perfil.',
    codeNotYou: 'Si no lo pidió usted, no comparta el código y contacte con soporte.',
    rejectedSubject: { unlock: 'Su solicitud de desbloqueo', password: 'Su solicitud de recuperación de contraseña' },
    rejected: 'No pudimos aprobar su solicitud: la foto no nos permitió confirmar su identidad.',
    tryAgain:
      'Puede enviar una nueva solicitud con una foto nítida de usted sosteniendo un papel firmado con su nombre y la fecha de hoy, o contactar con soporte.',
    resetSubject: 'Restablezca su contraseña',
    resetIntro: 'Nuestro equipo de soporte le envió un enlace para elegir una nueva contraseña:',
    resetRules: (minutes) =>
      `El enlace sirve una sola vez, durante ${minutes} minutos. Elegir una nueva contraseña cierra su sesión en todas partes.`,
    resetNotYou: 'Si no lo pidió usted, ignore este correo y contacte con soporte.',
  },
  fr: {
    codeSubject: 'Votre code de connexion temporaire',
    approved: {
      unlock: 'Votre demande de déblocage de compte a été approuvée.',
      password: 'Votre demande de récupération de mot de passe a été approuvée.',
    },
    codeIs: (code) => `Votre code de connexion temporaire est ${code}.`,
    enterCode: (hours, attempts) =>
      `Saisissez-le avec votre adresse e-mail sur la page de connexion (« J’ai un code ») dans les ${hours} heures. Il ne sert qu’une fois, et ${attempts} saisies erronées l’annulent.`,
    newPassword: 'Une fois connecté, choisissez un nouveau mot de passe dans votre profil.',
    codeNotYou: 'Si vous ne l’avez pas demandé, ne communiquez pas ce code et contactez l’assistance.',
    rejectedSubject: {
      unlock: 'Votre demande de déblocage',
      password: 'Votre demande de récupération de mot de passe',
    },
    rejected:
      'Nous n’avons pas pu approuver votre demande : la photo ne nous a pas permis de confirmer votre identité.',
    tryAgain:
      'Vous pouvez envoyer une nouvelle demande avec une photo nette de vous tenant un papier signé portant votre nom et la date du jour, ou contacter l’assistance.',
    resetSubject: 'Réinitialisez votre mot de passe',
    resetIntro: 'Notre équipe d’assistance vous a envoyé un lien pour choisir un nouveau mot de passe :',
    resetRules: (minutes) =>
      `Le lien ne sert qu’une fois, dans les ${minutes} minutes. Choisir un nouveau mot de passe vous déconnecte partout.`,
    resetNotYou: 'Si vous ne l’avez pas demandé, ignorez cet e-mail et contactez l’assistance.',
  },
  de: {
    codeSubject: 'Ihr temporärer Anmeldecode',
    approved: {
      unlock: 'Ihre Anfrage zum Entsperren Ihres Kontos wurde genehmigt.',
      password: 'Ihre Anfrage zur Passwortwiederherstellung wurde genehmigt.',
    },
    codeIs: (code) => `Ihr temporärer Anmeldecode lautet ${code}.`,
    enterCode: (hours, attempts) =>
      `Geben Sie ihn innerhalb von ${hours} Stunden zusammen mit Ihrer E-Mail-Adresse auf der Anmeldeseite ein („Ich habe einen Code“). Er gilt einmal, und ${attempts} falsche Eingaben machen ihn ungültig.`,
    newPassword: 'Wählen Sie nach der Anmeldung in Ihrem Profil ein neues Passwort.',
    codeNotYou:
      'Wenn Sie das nicht angefordert haben, geben Sie den Code nicht weiter und wenden Sie sich an den Support.',
    rejectedSubject: { unlock: 'Ihre Entsperranfrage', password: 'Ihre Anfrage zur Passwortwiederherstellung' },
    rejected: 'Wir konnten Ihre Anfrage nicht genehmigen: Das Foto hat uns Ihre Identität nicht bestätigt.',
    tryAgain:
      'Sie können eine neue Anfrage mit einem deutlichen Foto senden, auf dem Sie ein unterschriebenes Blatt mit Ihrem Namen und dem heutigen Datum halten, oder sich an den Support wenden.',
    resetSubject: 'Setzen Sie Ihr Passwort zurück',
    resetIntro: 'Unser Support-Team hat Ihnen einen Link gesendet, mit dem Sie ein neues Passwort wählen können:',
    resetRules: (minutes) =>
      `Der Link gilt einmal, innerhalb von ${minutes} Minuten. Ein neues Passwort meldet Sie überall ab.`,
    resetNotYou:
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail und wenden Sie sich an den Support.',
  },
  it: {
    codeSubject: 'Il tuo codice di accesso temporaneo',
    approved: {
      unlock: 'La tua richiesta di sblocco dell’account è stata approvata.',
      password: 'La tua richiesta di recupero della password è stata approvata.',
    },
    codeIs: (code) => `Il tuo codice di accesso temporaneo è ${code}.`,
    enterCode: (hours, attempts) =>
      `Inseriscilo con il tuo indirizzo email nella pagina di accesso ("Ho un codice") entro ${hours} ore. Vale una sola volta e ${attempts} tentativi errati lo annullano.`,
    newPassword: 'Dopo l’accesso, scegli una nuova password nel tuo profilo.',
    codeNotYou: 'Se non l’hai richiesto tu, non condividere il codice e contatta l’assistenza.',
    rejectedSubject: { unlock: 'La tua richiesta di sblocco', password: 'La tua richiesta di recupero della password' },
    rejected:
      'Non abbiamo potuto approvare la tua richiesta: la foto non ci ha permesso di confermare la tua identità.',
    tryAgain:
      'Puoi inviare una nuova richiesta con una foto nitida in cui tieni un foglio firmato con il tuo nome e la data di oggi, oppure contattare l’assistenza.',
    resetSubject: 'Reimposta la tua password',
    resetIntro: 'Il nostro team di assistenza ti ha inviato un link per scegliere una nuova password:',
    resetRules: (minutes) =>
      `Il link vale una sola volta, entro ${minutes} minuti. Scegliere una nuova password ti disconnette ovunque.`,
    resetNotYou: 'Se non l’hai richiesto tu, ignora questa email e contatta l’assistenza.',
  },
  pt: {
    codeSubject: 'Seu código de acesso temporário',
    approved: {
      unlock: 'Seu pedido de desbloqueio da conta foi aprovado.',
      password: 'Seu pedido de recuperação de senha foi aprovado.',
    },
    codeIs: (code) => `Seu código de acesso temporário é ${code}.`,
    enterCode: (hours, attempts) =>
      `Digite-o com seu e-mail na página de entrada ("Tenho um código") em até ${hours} horas. Ele vale uma vez, e ${attempts} tentativas erradas o anulam.`,
    newPassword: 'Depois de entrar, escolha uma nova senha no seu perfil.',
    codeNotYou: 'Se não foi você que pediu, não compartilhe o código e contate o suporte.',
    rejectedSubject: { unlock: 'Seu pedido de desbloqueio', password: 'Seu pedido de recuperação de senha' },
    rejected: 'Não pudemos aprovar seu pedido: a foto não nos permitiu confirmar sua identidade.',
    tryAgain:
      'Você pode enviar um novo pedido com uma foto nítida sua segurando um papel assinado com seu nome e a data de hoje, ou contatar o suporte.',
    resetSubject: 'Redefina sua senha',
    resetIntro: 'Nossa equipe de suporte enviou um link para você escolher uma nova senha:',
    resetRules: (minutes) =>
      `O link vale uma vez, em até ${minutes} minutos. Escolher uma nova senha encerra suas sessões em todos os lugares.`,
    resetNotYou: 'Se não foi você que pediu, ignore este e-mail e contate o suporte.',
  },
  ru: {
    codeSubject: 'Ваш временный код входа',
    approved: {
      unlock: 'Ваш запрос на разблокировку аккаунта одобрен.',
      password: 'Ваш запрос на восстановление пароля одобрен.',
    },
    codeIs: (code) => `Ваш временный код входа: ${code}.`,
    enterCode: (hours, attempts) =>
      `Введите его вместе с адресом электронной почты на странице входа («У меня есть код») в течение ${hours} ч. Он действует один раз, а ${attempts} неверных попыток его аннулируют.`,
    newPassword: 'После входа выберите новый пароль в профиле.',
    codeNotYou: 'Если вы об этом не просили, никому не сообщайте код и свяжитесь со службой поддержки.',
    rejectedSubject: { unlock: 'Ваш запрос на разблокировку', password: 'Ваш запрос на восстановление пароля' },
    rejected: 'Мы не смогли одобрить ваш запрос: по фотографии не удалось подтвердить вашу личность.',
    tryAgain:
      'Вы можете отправить новый запрос с чёткой фотографией, где вы держите подписанный лист с вашим именем и сегодняшней датой, или связаться со службой поддержки.',
    resetSubject: 'Сброс пароля',
    resetIntro: 'Служба поддержки отправила вам ссылку для выбора нового пароля:',
    resetRules: (minutes) =>
      `Ссылка действует один раз в течение ${minutes} минут. Новый пароль завершит все ваши сеансы.`,
    resetNotYou: 'Если вы об этом не просили, проигнорируйте это письмо и свяжитесь со службой поддержки.',
  },
  ja: {
    codeSubject: '一時ログインコードのお知らせ',
    approved: {
      unlock: 'アカウントのロック解除リクエストが承認されました。',
      password: 'パスワード復旧リクエストが承認されました。',
    },
    codeIs: (code) => `一時ログインコード: ${code}`,
    enterCode: (hours, attempts) =>
      `${hours} 時間以内に、サインインページ(「コードをお持ちの方」)でメールアドレスと一緒に入力してください。コードは 1 回限り有効で、${attempts} 回間違えると無効になります。`,
    newPassword: 'サインイン後、プロフィールで新しいパスワードを設定してください。',
    codeNotYou: 'お心当たりがない場合は、コードを誰にも伝えず、サポートにご連絡ください。',
    rejectedSubject: { unlock: 'ロック解除リクエストについて', password: 'パスワード復旧リクエストについて' },
    rejected: 'リクエストを承認できませんでした。写真からご本人であることを確認できませんでした。',
    tryAgain:
      'お名前と本日の日付を書いて署名した紙を持ったご本人の鮮明な写真で再度リクエストするか、サポートにご連絡ください。',
    resetSubject: 'パスワードの再設定',
    resetIntro: 'サポートチームから、新しいパスワードを設定するためのリンクが届きました:',
    resetRules: (minutes) =>
      `リンクは ${minutes} 分以内に 1 回だけ使えます。新しいパスワードを設定すると、すべての端末でサインアウトされます。`,
    resetNotYou: 'お心当たりがない場合は、このメールを無視し、サポートにご連絡ください。',
  },
};

export function tempCodeMail(
  to: string,
  language: TLanguage,
  facts: { firstname: string; kind: TKind; code: string; ttlHours: number; maxAttempts: number },
): TMail {
  const t = TEXTS[language];
  return composeMail(to, language, {
    subject: t.codeSubject,
    blocks: [
      greeting(language, facts.firstname),
      p(t.approved[facts.kind]),
      // The code inside its sentence: readers (and the journeys) find it there in every language.
      p(t.codeIs(facts.code)),
      p(t.enterCode(facts.ttlHours, facts.maxAttempts)),
      p(facts.kind === 'password' ? t.newPassword : ''),
      p(t.codeNotYou),
    ],
  });
}

export function requestRejectedMail(to: string, language: TLanguage, facts: { firstname: string; kind: TKind }): TMail {
  const t = TEXTS[language];
  return composeMail(to, language, {
    subject: t.rejectedSubject[facts.kind],
    blocks: [greeting(language, facts.firstname), p(t.rejected), p(t.tryAgain)],
  });
}

export function resetLinkMail(
  to: string,
  language: TLanguage,
  facts: { firstname: string; link: string; ttlMinutes: number },
): TMail {
  const t = TEXTS[language];
  return composeMail(to, language, {
    subject: t.resetSubject,
    blocks: [
      greeting(language, facts.firstname),
      p(t.resetIntro),
      link(facts.link),
      p(t.resetRules(facts.ttlMinutes)),
      p(t.resetNotYou),
    ],
  });
}
