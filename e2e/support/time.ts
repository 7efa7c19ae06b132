import pg from 'pg';
import { e2eSql } from './postgres.ts';

/**
 * Lets time pass for one client's investments on the e2e PostgreSQL app (E2E_PG_PORT): their
 * approval, schedule and maturity move `hours` into the past, so the payouts of those hours are
 * due, as they would be after waiting. Only journeys about payouts use it; nothing in the product
 * can move a due date.
 */
export async function letInvestmentTimePass(clientEmail: string, hours: number): Promise<void> {
  const shift = `${hours} hours`;
  await e2eSql(
    `update payouts p set due_at = p.due_at - $2::interval, created_at = p.created_at - $2::interval
       from users u where u.id = p.user_id and u.email = $1 and p.status = 'Pending'`,
    [clientEmail.toLowerCase(), shift],
  );
  await e2eSql(
    `update investments i set approved_at = i.approved_at - $2::interval, matures_at = i.matures_at - $2::interval
       from users u where u.id = i.user_id and u.email = $1 and i.approved_at is not null`,
    [clientEmail.toLowerCase(), shift],
  );
}

/** The base URL of the e2e app on PostgreSQL, for `test.use({ baseURL })`. */
export const postgresAppURL = `http://127.0.0.1:${process.env.E2E_PG_PORT}`;

/**
 * Runs `steps` while no other journey lets time pass or pays due payouts on the PostgreSQL app:
 * Process All Trades pays every client's due payouts, so two journeys that each make payouts due
 * and check what gets paid take turns (a PostgreSQL advisory lock held for the steps).
 */
export async function withPayoutClock<T>(steps: () => Promise<T>): Promise<T> {
  const url = process.env.E2E_PG_DATABASE_URL;
  if (!url) throw new Error('E2E_PG_DATABASE_URL is not set (playwright.config.ts sets it)');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('meridian-e2e-payout-clock'))");
    return await steps();
  } finally {
    await client.end(); // ending the session releases the lock
  }
}
