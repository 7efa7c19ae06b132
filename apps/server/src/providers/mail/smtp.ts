import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import type { MailProvider, TMail } from './interface.ts';

/** Sends through an SMTP server (SMTP_URL) and keeps a copy in the outbox for the admins. */
export class SmtpMailProvider implements MailProvider {
  private readonly transporter: Transporter;

  constructor(
    private readonly db: Db,
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: TMail): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
    await this.db.insert(mailOutbox).values({ ...mail, transport: 'smtp' });
  }
}
