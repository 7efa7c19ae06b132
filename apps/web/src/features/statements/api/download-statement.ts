import type { TLanguage } from '@meridian/contracts/constants';
import { getClientStatement, getOwnStatement } from '@meridian/contracts/endpoints/statements';
import type { TStatementFormat } from '@meridian/contracts/statements';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { localDay, type TStatementPeriod } from '../utils/period';

export interface TStatementRequest {
  /** The client whose statement an admin downloads; absent for the signed-in client's own. */
  userId?: string;
  format: TStatementFormat;
  period: TStatementPeriod;
  lang: TLanguage;
}

/** The reader's time zone, which the document shows times in. */
function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Fetches the statement with the bearer token (a plain link cannot send it) and saves it as a file. */
export async function downloadStatement({ userId, format, period, lang }: TStatementRequest): Promise<void> {
  const query = { format, from: period.from.toISOString(), to: period.to.toISOString(), lang, tz: timeZone() };
  const blob = userId
    ? await call(getClientStatement, { params: { userId }, query })
    : await call(getOwnStatement, { query });
  const last = new Date(period.to.getTime() - 1);
  const name = `statement-${localDay(period.from)}-${localDay(last)}${userId ? `-${userId.slice(0, 8)}` : ''}.${format}`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadStatement() {
  return useMutation({ mutationFn: downloadStatement });
}
