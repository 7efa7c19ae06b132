import type { TLanguage } from '@meridian/contracts/constants';
import type { TMail } from '../../../providers/mail/interface.ts';
import { composeMail, greeting, p } from '../../platform/mail/index.ts';

/** The email of an admin's KYC decision, in the client's language, with the reason of a rejection. */
interface TTexts {
  approvedSubject: string;
  approved: string;
  rejectedSubject: string;
  rejected: string;
  reason: (reason: string) => string;
  again: string;
}

const TEXTS: Record<TLanguage, TTexts> = {
  en: {
    approvedSubject: 'Your identity verification was approved',
    approved: 'Your identity verification was approved. Your account is verified.',
    rejectedSubject: 'Your identity verification was rejected',
    rejected: 'Your identity verification was rejected.',
    reason: (reason) => `Reason: ${reason}`,
    again: 'Please submit your KYC again from your account.',
  },
  es: {
    approvedSubject: 'Se aprobó la verificación de su identidad',
    approved: 'Se aprobó la verificación de su identidad. Su cuenta está verificada.',
    rejectedSubject: 'Se rechazó la verificación de su identidad',
    rejected: 'Se rechazó la verificación de su identidad.',
    reason: (reason) => `Motivo: ${reason}`,
    again: 'Envíe de nuevo su KYC desde su cuenta.',
  },
  fr: {
    approvedSubject: 'La vérification de votre identité a été approuvée',
    approved: 'La vérification de votre identité a été approuvée. Votre compte est vérifié.',
    rejectedSubject: 'La vérification de votre identité a été refusée',
    rejected: 'La vérification de votre identité a été refusée.',
    reason: (reason) => `Motif : ${reason}`,
    again: 'Veuillez soumettre à nouveau votre KYC depuis votre compte.',
  },
  de: {
    approvedSubject: 'Ihre Identitätsprüfung wurde genehmigt',
    approved: 'Ihre Identitätsprüfung wurde genehmigt. Ihr Konto ist verifiziert.',
    rejectedSubject: 'Ihre Identitätsprüfung wurde abgelehnt',
    rejected: 'Ihre Identitätsprüfung wurde abgelehnt.',
    reason: (reason) => `Grund: ${reason}`,
    again: 'Bitte reichen Sie Ihre KYC-Unterlagen in Ihrem Konto erneut ein.',
  },
  it: {
    approvedSubject: 'La verifica della tua identità è stata approvata',
    approved: 'La verifica della tua identità è stata approvata. Il tuo account è verificato.',
    rejectedSubject: 'La verifica della tua identità è stata rifiutata',
    rejected: 'La verifica della tua identità è stata rifiutata.',
    reason: (reason) => `Motivo: ${reason}`,
    again: 'Invia di nuovo il tuo KYC dal tuo account.',
  },
  pt: {
    approvedSubject: 'A verificação da sua identidade foi aprovada',
    approved: 'A verificação da sua identidade foi aprovada. Sua conta está verificada.',
    rejectedSubject: 'A verificação da sua identidade foi recusada',
    rejected: 'A verificação da sua identidade foi recusada.',
    reason: (reason) => `Motivo: ${reason}`,
    again: 'Envie seu KYC novamente pela sua conta.',
  },
  ru: {
    approvedSubject: 'Проверка вашей личности одобрена',
    approved: 'Проверка вашей личности одобрена. Ваш аккаунт подтверждён.',
    rejectedSubject: 'Проверка вашей личности отклонена',
    rejected: 'Проверка вашей личности отклонена.',
    reason: (reason) => `Причина: ${reason}`,
    again: 'Пожалуйста, отправьте KYC повторно из своего аккаунта.',
  },
  ja: {
    approvedSubject: '本人確認が承認されました',
    approved: '本人確認が承認されました。お客様のアカウントは認証済みです。',
    rejectedSubject: '本人確認が却下されました',
    rejected: '本人確認が却下されました。',
    reason: (reason) => `理由: ${reason}`,
    again: 'アカウントから KYC を再度提出してください。',
  },
};

export function kycDecisionMail(
  to: string,
  language: TLanguage,
  facts: { firstname: string; decision: 'approved' | 'rejected'; reason: string | null },
): TMail {
  const t = TEXTS[language];
  if (facts.decision === 'approved') {
    return composeMail(to, language, {
      subject: t.approvedSubject,
      blocks: [greeting(language, facts.firstname), p(t.approved)],
    });
  }
  return composeMail(to, language, {
    subject: t.rejectedSubject,
    blocks: [
      greeting(language, facts.firstname),
      p(t.rejected),
      p(facts.reason ? t.reason(facts.reason) : ''),
      p(t.again),
    ],
  });
}
