import { fromCents, toCents } from '@meridian/contracts/money';
import { PAIR_DECIMALS, type TPair } from '@meridian/contracts/pairs';

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** Built once per kind, locale and options, then kept: building one costs far more than using it. */
function kept<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, build: () => T): T {
  let format = formatters.get(key) as T | undefined;
  if (!format) {
    format = build();
    formatters.set(key, format);
  }
  return format;
}

/** An Intl number formatter; tables and live prices format hundreds of values per render. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept(`number|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** The date counterpart of `numberFormat`. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return kept(`date|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

/** Which way an amount moved the client's money: `in` shows a plus sign, `out` a minus sign. */
export type TMoneyDirection = 'in' | 'out';

/**
 * US dollars from the API (a number with at most 2 decimals) as currency text in `locale`, through
 * integer cents so no float arithmetic touches the amount. With a direction the sign is explicit
 * (`+$10.00`, `-$10.00`), written the locale's way.
 */
export function formatMoney(dollars: number, locale = 'en', direction?: TMoneyDirection): string {
  const format = moneyFormat(locale, direction !== undefined);
  const cents = Number.isFinite(dollars) ? toCents(Math.abs(dollars).toString()) : null;
  // Not a 2-decimal amount (never from the API): let Intl round what it was given.
  if (cents === null) return format.format(direction === 'out' ? -Math.abs(dollars) : dollars);
  const value = fromCents(cents);
  const negative = direction ? direction === 'out' : dollars < 0;
  return format.format(negative ? -value : value);
}

/** The dollar formatter of `locale`, with or without an explicit sign. */
const moneyFormat = (locale: string, signed: boolean) =>
  numberFormat(locale, { style: 'currency', currency: 'USD', signDisplay: signed ? 'always' : 'auto' });

/**
 * Builds `locale`'s dollar formatters ahead of the first amount: the first currency formatter a page
 * builds costs a phone tens of milliseconds (the locale's currency data), which would otherwise
 * lengthen the render that shows the amounts. Called while the page waits for its data (main.tsx).
 */
export function prepareMoneyFormats(locale: string): void {
  moneyFormat(locale, false);
  moneyFormat(locale, true);
}

/** Date and time of an ISO timestamp, in the reader's language and time zone; a dash for nonsense. */
export function formatDateTime(iso: string, locale = 'en'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The date alone of an ISO timestamp; a dash for nonsense. */
export function formatDate(iso: string, locale = 'en'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return dateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/** The time of day alone of an ISO timestamp (beside its date on another line); a dash for nonsense. */
export function formatTime(iso: string, locale = 'en'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return dateTimeFormat(locale, { timeStyle: 'short' }).format(date);
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date with no time of day (`1990-04-12`, e.g. a date of birth) in the reader's language:
 * the same day wherever the reader is, as it is never turned into a moment in their time zone.
 * Text that is not such a date is shown as it is (a dash when empty).
 */
export function formatCalendarDate(value: string, locale = 'en'): string {
  const match = CALENDAR_DATE.exec(value.trim());
  if (!match) return value.trim() || '—';
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  // 2023-02-30 would roll over into March: not a date.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return value;
  return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/**
 * The step of a price input for `pair`: one unit of its last decimal (0.01 for BTC/USD, 0.00001 for
 * EUR/USD); `none` before a pair is chosen.
 */
export function priceStep(pair: TPair | '' | undefined, none = 'any'): string {
  if (!pair) return none;
  const decimals = PAIR_DECIMALS[pair];
  return decimals === 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`;
}

/** A price of `pair` with the pair's own decimals, in the reader's number format. */
export function formatPrice(pair: TPair, value: number, locale = 'en'): string {
  const decimals = PAIR_DECIMALS[pair];
  return numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** Leverage as the platform shows it: 1:n. */
export const formatLeverage = (leverage: number) => `1:${leverage}`;

/**
 * A return in percent, as entered: 12.5 → "12.5%" (at most 1 decimal, a signal's return); a plan's
 * interest takes 2 (`decimals`).
 */
export function formatPercent(value: number, locale = 'en', decimals = 1): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: decimals }).format(value / 100);
}
