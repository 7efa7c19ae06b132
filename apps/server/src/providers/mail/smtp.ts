import nodemailer, { type Transporter } from 'nodemailer';
import type { MailTransport, TOutgoingMail } from './interface.ts';

/**
 * Sends through an SMTP server (SMTP_URL). The timeouts are short enough for a claimed mail to be
 * sent or given back well within its lease (modules/platform/mail/mailer.ts): a server that does not answer
 * is a failed attempt, retried later, not a job run that hangs.
 */
export class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(smtpUrl: string) {
    this.transporter = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(mail: TOutgoingMail): Promise<void> {
    await this.transporter.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html || undefined,
      messageId: mail.messageId,
      headers: { 'Content-Language': mail.language },
    });
  }

  close(): void {
    this.transporter.close();
  }
}
