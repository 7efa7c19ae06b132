import type { TLanguage } from '@meridian/contracts/constants';
import type { TMail } from '../../../providers/mail/interface.ts';
import { composeMail, greeting, p } from '../../platform/mail/index.ts';

/** The email telling a client that an admin removed their second factor, in the client's language. */
const TEXTS: Record<TLanguage, { subject: string; body: string[] }> = {
  en: {
    subject: 'Two-factor authentication removed',
    body: [
      'Our support team removed the two-factor authentication of your account, as you asked.',
      'You now sign in with your password alone. Set it up again on your Security page to protect your account.',
      'If you did not ask for this, change your password and contact support at once.',
    ],
  },
  es: {
    subject: 'Autenticación en dos pasos eliminada',
    body: [
      'Nuestro equipo de soporte eliminó la autenticación en dos pasos de su cuenta, como usted pidió.',
      'Ahora inicia sesión solo con su contraseña. Vuelva a activarla en su página de Seguridad para proteger su cuenta.',
      'Si no lo pidió usted, cambie su contraseña y contacte con soporte de inmediato.',
    ],
  },
  fr: {
    subject: 'Authentification à deux facteurs supprimée',
    body: [
      'Notre équipe d’assistance a supprimé l’authentification à deux facteurs de votre compte, comme vous l’avez demandé.',
      'Vous vous connectez désormais avec votre seul mot de passe. Réactivez-la sur votre page Sécurité pour protéger votre compte.',
      'Si vous ne l’avez pas demandé, changez votre mot de passe et contactez l’assistance immédiatement.',
    ],
  },
  de: {
    subject: 'Zwei-Faktor-Authentifizierung entfernt',
    body: [
      'Unser Support-Team hat die Zwei-Faktor-Authentifizierung Ihres Kontos wie gewünscht entfernt.',
      'Sie melden sich jetzt nur mit Ihrem Passwort an. Richten Sie sie auf Ihrer Sicherheitsseite erneut ein, um Ihr Konto zu schützen.',
      'Wenn Sie das nicht veranlasst haben, ändern Sie sofort Ihr Passwort und wenden Sie sich an den Support.',
    ],
  },
  it: {
    subject: 'Autenticazione a due fattori rimossa',
    body: [
      'Il nostro team di assistenza ha rimosso l’autenticazione a due fattori del tuo account, come richiesto.',
      'Ora accedi solo con la password. Riattivala nella pagina Sicurezza per proteggere il tuo account.',
      'Se non l’hai richiesto tu, cambia subito la password e contatta l’assistenza.',
    ],
  },
  pt: {
    subject: 'Autenticação de dois fatores removida',
    body: [
      'Nossa equipe de suporte removeu a autenticação de dois fatores da sua conta, como você pediu.',
      'Agora você entra apenas com a sua senha. Ative-a novamente na página Segurança para proteger sua conta.',
      'Se não foi você que pediu, altere sua senha e contate o suporte imediatamente.',
    ],
  },
  ru: {
    subject: 'Двухфакторная аутентификация отключена',
    body: [
      'По вашей просьбе служба поддержки отключила двухфакторную аутентификацию вашего аккаунта.',
      'Теперь вы входите только по паролю. Включите её снова на странице «Безопасность», чтобы защитить аккаунт.',
      'Если вы об этом не просили, немедленно смените пароль и свяжитесь со службой поддержки.',
    ],
  },
  ja: {
    subject: '二段階認証が解除されました',
    body: [
      'ご依頼に基づき、サポートチームがお客様のアカウントの二段階認証を解除しました。',
      '今後はパスワードのみでサインインします。アカウントを保護するため、セキュリティページで再度設定してください。',
      'お心当たりがない場合は、すぐにパスワードを変更し、サポートにご連絡ください。',
    ],
  },
};

export function twoFactorRemovedMail(to: string, language: TLanguage, firstname: string): TMail {
  const t = TEXTS[language];
  return composeMail(to, language, { subject: t.subject, blocks: [greeting(language, firstname), ...t.body.map(p)] });
}
