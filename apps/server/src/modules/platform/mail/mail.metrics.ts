import { Counter, Gauge, type Registry } from 'prom-client';
import { within } from '../../../lib/within.ts';
import type { TMailerState } from './mailer.ts';

/**
 * How long a scrape waits for the outbox's counts. A scrape must answer when the pool is exhausted or
 * the database is away, which is when an operator needs the other figures most: the gauge then keeps
 * the counts it last had.
 */
const COUNTS_WAIT_MS = 1_000;

/**
 * Mail in Prometheus' terms (docs/operations.md, "Metrics"), added to the app's registry: what this
 * server sent, the attempts that failed and the mails it gave up on (copied from the mailer at each
 * scrape), and the queue as the database holds it for every server.
 */
export function registerMailMetrics(
  registry: Registry,
  state: TMailerState,
  counts: () => Promise<{ queued: number; failed: number }>,
): void {
  const registers = [registry];
  new Counter({
    name: 'meridian_mail_sent_total',
    help: 'Mails this server handed to the SMTP server since it started.',
    registers,
    collect() {
      this.reset();
      this.inc(state.sent);
    },
  });
  new Counter({
    name: 'meridian_mail_send_failures_total',
    help: 'Attempts at sending a mail that failed on this server since it started (each is retried until its last).',
    registers,
    collect() {
      this.reset();
      this.inc(state.failedAttempts);
    },
  });
  new Counter({
    name: 'meridian_mail_given_up_total',
    help: 'Mails this server marked failed after their last attempt since it started (an admin can resend them).',
    registers,
    collect() {
      this.reset();
      this.inc(state.gaveUp);
    },
  });
  new Gauge({
    name: 'meridian_mail_messages',
    help: 'Mails in the outbox waiting to be sent (queued) or failed after their last attempt (failed), for all servers.',
    labelNames: ['status'],
    registers,
    async collect() {
      const now = await within(counts(), COUNTS_WAIT_MS, 'no outbox counts').catch(() => null);
      if (!now) return;
      this.set({ status: 'queued' }, now.queued);
      this.set({ status: 'failed' }, now.failed);
    },
  });
}
