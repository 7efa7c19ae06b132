/** A plain-text email. */
export interface TMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * How the platform sends mail. The default transport records messages in the outbox table (read by
 * admins at /admin/outbox and by tests); with SMTP_URL set they are also really sent.
 */
export interface MailProvider {
  send(mail: TMail): Promise<void>;
}
