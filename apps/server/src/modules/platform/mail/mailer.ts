import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { MailTransport, TMail } from '../../../providers/mail/interface.ts';
import { claimDueMail, insertOutboxRows, markAttemptFailed, markSent, type TOutboxRow } from './outbox.repository.ts';

/** Mails claimed per transaction: sent one after another well within the lease, whatever the SMTP server's timeouts. */
const CLAIM_BATCH = 10;
/**
 * How long a claimed mail stays out of the others' reach. Ten sends that each meet every timeout of
 * the SMTP transport (providers/mail/smtp.ts) still end within it, so no mail is sent twice by a
 * slow sender; a sender that died gives its mails back when it ends.
 */
export const MAIL_LEASE_MS = 10 * 60_000;
/** The longest wait between two attempts, however many came before. */
const MAX_RETRY_DELAY_MS = 60 * 60_000;

export interface TMailerOptions {
  /** Unset: no SMTP_URL, the outbox table is the destination. */
  transport: MailTransport | undefined;
  /** MAIL_FROM: the sender, and the domain of every Message-ID. */
  from: string;
  /** PUBLIC_URL: the site's address, which the links in mails lead to. */
  siteUrl: string;
  maxAttempts: number;
  retryBaseMs: number;
  log: FastifyBaseLogger;
}

/** This server's sending so far (health and metrics); the queue itself is in the database. */
export interface TMailerState {
  transport: 'smtp' | 'outbox';
  sent: number;
  failedAttempts: number;
  /** Mails this server gave up on after their last attempt. */
  gaveUp: number;
  /** This server's latest attempt: null before the first. */
  lastAttempt: { ok: boolean; at: Date; error: string | null } | null;
}

/**
 * Platform mail (docs/operations.md, "Mail"). Services `queue` a mail with the transaction of the
 * change that causes it, so the mail exists exactly when the change does and a request succeeds when
 * its change commits, whatever the SMTP server is doing. The mail job (`sendDue`) sends what is due.
 */
export class Mailer {
  private readonly domain: string;
  readonly state: TMailerState;

  constructor(private readonly options: TMailerOptions) {
    this.domain = senderDomain(options.from);
    this.state = {
      transport: options.transport ? 'smtp' : 'outbox',
      sent: 0,
      failedAttempts: 0,
      gaveUp: 0,
      lastAttempt: null,
    };
  }

  get hasTransport(): boolean {
    return this.options.transport !== undefined;
  }

  /** The address of `path` on the site (`/user/transaction/…`), for a link in a mail. */
  siteLink(path: string): string {
    return new URL(path, this.options.siteUrl).toString();
  }

  /** Writes the mail with `db` (the caller's transaction): queued for SMTP, or stored as sent to the outbox. */
  async queue(db: DbOrTx, mail: TMail): Promise<void> {
    await this.queueAll(db, [mail]);
  }

  /** Writes several mails in one statement (the notices of a batch of closes or settlements), as `queue`. */
  async queueAll(db: DbOrTx, mails: readonly TMail[]): Promise<void> {
    if (mails.length === 0) return;
    const now = new Date();
    await insertOutboxRows(
      db,
      mails.map((mail) => ({
        ...mail,
        messageId: `<${randomUUID()}@${this.domain}>`,
        ...(this.options.transport
          ? { transport: 'smtp', status: 'queued', nextAttemptAt: now }
          : { transport: 'outbox', status: 'sent', sentAt: now }),
      })),
    );
  }

  /**
   * Sends the mail due at `now`, a batch at a time, until none is due or the app closes (a claimed
   * batch is always finished). Answers how many were sent.
   */
  async sendDue(db: Db, now: Date, signal: AbortSignal): Promise<number> {
    const transport = this.options.transport;
    if (!transport) return 0;
    let sent = 0;
    while (!signal.aborted) {
      const batch = await claimDueMail(db, now, MAIL_LEASE_MS, CLAIM_BATCH);
      for (const row of batch) if (await this.sendOne(db, transport, row)) sent += 1;
      if (batch.length < CLAIM_BATCH) break;
    }
    return sent;
  }

  /** Wait before the attempt after `attempts` failed ones: the base, doubled each time, at most an hour. */
  retryDelayMs(attempts: number): number {
    return Math.min(MAX_RETRY_DELAY_MS, this.options.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  }

  private async sendOne(db: Db, transport: MailTransport, row: TOutboxRow): Promise<boolean> {
    try {
      await transport.send({
        from: this.options.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        language: row.language as TMail['language'],
        messageId: row.messageId,
      });
    } catch (err) {
      const error = describeSendError(err);
      const last = row.attempts >= this.options.maxAttempts;
      await markAttemptFailed(db, row.id, error, last ? null : new Date(Date.now() + this.retryDelayMs(row.attempts)));
      this.state.failedAttempts += 1;
      if (last) this.state.gaveUp += 1;
      this.state.lastAttempt = { ok: false, at: new Date(), error };
      this.options.log.warn(
        { err, mailId: row.id, attempts: row.attempts, final: last },
        last ? 'mail not sent, given up' : 'mail not sent, will retry',
      );
      return false;
    }
    await markSent(db, row.id, new Date());
    this.state.sent += 1;
    this.state.lastAttempt = { ok: true, at: new Date(), error: null };
    return true;
  }
}

/** The domain of MAIL_FROM's address (`Meridian <no-reply@example.com>` → `example.com`). */
export function senderDomain(from: string): string {
  const [first] = addressparser(from, { flatten: true });
  const domain = first?.address.split('@')[1]?.trim().toLowerCase();
  if (!domain) throw new Error(`MAIL_FROM has no address with a domain: ${from}`);
  return domain;
}

/**
 * What the outbox and health show of a failed attempt: the error's kind, nodemailer's code and the
 * SMTP reply code, never the server's words (which may quote the address).
 */
export function describeSendError(err: unknown): string {
  if (!(err instanceof Error)) return 'Error';
  const { code, responseCode } = err as { code?: unknown; responseCode?: unknown };
  return [err.name, typeof code === 'string' ? code : null, typeof responseCode === 'number' ? responseCode : null]
    .filter((part) => part !== null)
    .join(' ');
}
