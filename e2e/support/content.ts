/**
 * The operator content the end-to-end run starts with: the shipped default plus testimonials and a
 * rating, which the default leaves out (nothing unverifiable ships), so their carousel and block
 * are walked too. Test data, under a consent note and an example source.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const E2E_TESTIMONIALS = [
  {
    quote: 'Withdrawals reached my wallet the same day, and every fee was shown before I confirmed.',
    author: 'Ana P.',
  },
  { quote: 'The plan page told me exactly when each payout would come. It came on those days.', author: 'Kenji T.' },
  { quote: 'Support answered my KYC question within the hour, in my own language.', author: 'Lukas W.' },
].map((t) => ({ ...t, consentNote: 'Sent to us by the client, published with written consent.' }));

export const E2E_RATING = {
  value: 4.6,
  count: 128,
  source: 'Example Reviews',
  url: 'https://reviews.example.com/meridian',
};

/** Writes the file into `dir` and returns its path, for the server's CONTENT_FILE. */
export function writeE2eContentFile(dir: string): string {
  const shipped = JSON.parse(readFileSync('apps/server/content/default.json', 'utf8')) as Record<string, unknown>;
  const path = join(dir, 'content.json');
  writeFileSync(path, JSON.stringify({ ...shipped, testimonials: E2E_TESTIMONIALS, rating: E2E_RATING }, null, 2));
  return path;
}
