import type { TJob } from '../../../jobs/runner.ts';
import type { Mailer } from './mailer.ts';

/**
 * Sends queued mail (every MAIL_INTERVAL_MS) when SMTP_URL is set; without it the outbox is the
 * destination and there is nothing to send. Safe with several servers: each mail is claimed by one
 * (outbox.repository.ts, claimDueMail).
 */
export function mailJob(mailer: Mailer, intervalMs: number): TJob {
  return {
    name: 'mail',
    enabled: mailer.hasTransport,
    intervalMs,
    run: (db, now, signal) => mailer.sendDue(db, now, signal),
  };
}
