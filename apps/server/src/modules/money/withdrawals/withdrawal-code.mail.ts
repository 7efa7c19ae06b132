import type { TLanguage } from '@meridian/contracts/constants';
import type { TMail } from '../../../providers/mail/interface.ts';
import { code, composeMail, p } from '../../platform/mail/index.ts';

/** The withdrawal verification code email, in the client's language. */
const TEXTS: Record<
  TLanguage,
  { subject: string; codeIs: string; rules: (ttl: number, window: number) => string; notYou: string }
> = {
  en: {
    subject: 'Your withdrawal verification code',
    codeIs: 'Your withdrawal verification code is:',
    rules: (ttl, window) =>
      `It works for ${ttl} minutes. Once verified, it allows one withdrawal within ${window} minutes.`,
    notYou: 'If you did not ask for it, do not share it: change your password and contact support.',
  },
  es: {
    subject: 'Su código de verificación de retiro',
    codeIs: 'Su código de verificación de retiro es:',
    rules: (ttl, window) =>
      `Es válido durante ${ttl} minutos. Una vez verificado, permite un retiro en los siguientes ${window} minutos.`,
    notYou: 'Si no lo pidió usted, no lo comparta: cambie su contraseña y contacte con soporte.',
  },
  fr: {
    subject: 'Votre code de vérification de retrait',
    codeIs: 'Votre code de vérification de retrait est :',
    rules: (ttl, window) =>
      `Il est valable ${ttl} minutes. Une fois vérifié, il permet un retrait dans les ${window} minutes.`,
    notYou:
      'Si vous ne l’avez pas demandé, ne le communiquez pas : changez votre mot de passe et contactez l’assistance.',
  },
  de: {
    subject: 'Ihr Bestätigungscode für die Auszahlung',
    codeIs: 'Ihr Bestätigungscode für die Auszahlung lautet:',
    rules: (ttl, window) =>
      `Er gilt ${ttl} Minuten. Nach der Bestätigung erlaubt er eine Auszahlung innerhalb von ${window} Minuten.`,
    notYou:
      'Wenn Sie ihn nicht angefordert haben, geben Sie ihn nicht weiter: Ändern Sie Ihr Passwort und wenden Sie sich an den Support.',
  },
  it: {
    subject: 'Il tuo codice di verifica per il prelievo',
    codeIs: 'Il tuo codice di verifica per il prelievo è:',
    rules: (ttl, window) =>
      `Vale per ${ttl} minuti. Una volta verificato, consente un prelievo entro ${window} minuti.`,
    notYou: 'Se non l’hai richiesto tu, non condividerlo: cambia la password e contatta l’assistenza.',
  },
  pt: {
    subject: 'Seu código de verificação de saque',
    codeIs: 'Seu código de verificação de saque é:',
    rules: (ttl, window) =>
      `Ele vale por ${ttl} minutos. Depois de verificado, permite um saque em até ${window} minutos.`,
    notYou: 'Se não foi você que pediu, não o compartilhe: altere sua senha e contate o suporte.',
  },
  ru: {
    subject: 'Ваш код подтверждения вывода средств',
    codeIs: 'Ваш код подтверждения вывода средств:',
    rules: (ttl, window) =>
      `Он действует ${ttl} минут. После подтверждения он позволяет один вывод в течение ${window} минут.`,
    notYou: 'Если вы его не запрашивали, никому его не сообщайте: смените пароль и свяжитесь со службой поддержки.',
  },
  ja: {
    subject: '出金認証コードのお知らせ',
    codeIs: '出金認証コード:',
    rules: (ttl, window) => `有効期間は ${ttl} 分です。認証後 ${window} 分以内に 1 回の出金ができます。`,
    notYou: 'お心当たりがない場合は、コードを誰にも伝えず、パスワードを変更してサポートにご連絡ください。',
  },
};

export function withdrawalCodeMail(
  to: string,
  language: TLanguage,
  facts: { code: string; ttlMinutes: number; windowMinutes: number },
): TMail {
  const t = TEXTS[language];
  return composeMail(to, language, {
    subject: t.subject,
    blocks: [p(t.codeIs), code(facts.code), p(t.rules(facts.ttlMinutes, facts.windowMinutes)), p(t.notYou)],
  });
}
