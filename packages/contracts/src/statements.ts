import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import type { TMessageKey } from './messages.ts';

/**
 * Account statements (docs/money.md, "Statements"): a client's ledger movements over a period, with
 * the opening and closing balance of each account, as a CSV file or a PDF document.
 */
export const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export type TStatementFormat = (typeof STATEMENT_FORMATS)[number];

/** The longest period one statement covers: a year of days, with an hour of room for a time-zone shift. */
export const STATEMENT_MAX_DAYS = 366;
const MAX_PERIOD_MS = STATEMENT_MAX_DAYS * 86_400_000 + 3_600_000;

/** The most movements (ledger entries) one statement holds; a longer history is asked for in shorter periods. */
export const STATEMENT_MAX_MOVEMENTS = 10_000;

/** True for an IANA time zone name the runtime knows (`Europe/Berlin`, `UTC`). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const instant = z.iso.datetime({ offset: true, error: 'statements.dateInvalid' satisfies TMessageKey });

/**
 * `?format&from&to&lang&tz`: the period is [from, to), two instants the web app computes from the
 * reader's local day boundaries; `tz` is the time zone the document shows times in (the reader's),
 * `lang` the language of its texts and number format. A `to` after the moment of generation is
 * taken as that moment; a `from` after it is refused by the server.
 */
export const ZStatementQuery = z
  .strictObject({
    format: z.enum(STATEMENT_FORMATS, { error: 'statements.formatInvalid' satisfies TMessageKey }),
    from: instant,
    to: instant,
    lang: z.enum(LANGUAGES, { error: 'statements.languageInvalid' satisfies TMessageKey }).default('en'),
    tz: z
      .string()
      .max(64)
      .refine(isTimeZone, { error: 'statements.timeZoneInvalid' satisfies TMessageKey })
      .default('UTC'),
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), {
    error: 'statements.periodOrder' satisfies TMessageKey,
    path: ['to'],
  })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= MAX_PERIOD_MS, {
    error: 'statements.periodTooLong' satisfies TMessageKey,
    path: ['to'],
  });
export type TStatementQuery = z.input<typeof ZStatementQuery>;
