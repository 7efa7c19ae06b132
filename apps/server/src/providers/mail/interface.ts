import type { TLanguage } from '@meridian/contracts/constants';

/** A message as the platform writes it: a text part and the same words as HTML, in the reader's language. */
export interface TMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: TLanguage;
}

/** A message leaving the platform: its sender and the Message-ID fixed when it was queued. */
export interface TOutgoingMail extends TMail {
  from: string;
  messageId: string;
}

/**
 * Where queued mail goes (SMTP_URL). Without one the outbox table is the destination and nothing is
 * sent (docs/operations.md, "Mail"). `send` throws when the message was not accepted.
 */
export interface MailTransport {
  send(mail: TOutgoingMail): Promise<void>;
  close(): void;
}
