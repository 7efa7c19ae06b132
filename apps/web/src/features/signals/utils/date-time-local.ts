/**
 * The `datetime-local` inputs of the signal form hold a wall-clock time with no zone
 * ("2025-03-01T14:30"), read in the admin's own time zone; the API takes ISO times with their offset.
 */

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const pad = (n: number, width = 2) => String(Math.trunc(Math.abs(n))).padStart(width, '0');

/** An offset east of UTC in minutes as ISO writes it: 120 → "+02:00", -330 → "-05:30", 0 → "+00:00". */
export function isoOffset(minutesEast: number): string {
  const sign = minutesEast < 0 ? '-' : '+';
  const abs = Math.abs(minutesEast);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * A `datetime-local` value as an ISO time with the browser's offset at that moment
 * ("2025-03-01T14:30:00+01:00"); empty text for anything that is not such a value (the form then says
 * the time is required). A wall-clock time skipped by a daylight-saving change moves forward, as
 * the browser itself reads it.
 */
export function dateTimeLocalToIso(value: string): string {
  const match = LOCAL.exec(value.trim());
  if (!match) return '';
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hour, minute, second);
  // 2025-02-30 would roll over into March: not a time.
  if (Number.isNaN(date.getTime()) || date.getDate() !== day) return '';
  return `${toDateTimeLocal(date)}:${pad(date.getSeconds())}${isoOffset(-date.getTimezoneOffset())}`;
}

/** A moment as a `datetime-local` value in the browser's time zone, to the minute ("2025-03-01T14:30"). */
export function toDateTimeLocal(date: Date): string {
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** The start of the minute `ms` falls in. */
export function startOfMinute(ms: number): Date {
  const date = new Date(ms);
  date.setSeconds(0, 0);
  return date;
}
