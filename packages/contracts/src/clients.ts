import { z } from 'zod';
import { ZCountry, ZEmail, ZNewPassword, ZPhone, ZUser, ZUsername } from './auth.ts';
import { PAGE_SIZE, PAGE_SIZE_MAX } from './constants.ts';
import { cursorPage, cursorQuery, oneCursorAtMost, oneCursorAtMostError } from './cursor.ts';
import { requiredText } from './fields.ts';

/**
 * Client management of the admin back office (list, search, add, delete) and the dashboard's
 * summary cards and charts.
 */

/** One row of the Client Management table: who they are and their account state, no money. */
export const ZClientListItem = ZUser.pick({
  id: true,
  firstname: true,
  lastname: true,
  username: true,
  email: true,
  phone: true,
  country: true,
  profile: true,
  isActive: true,
  isVerified: true,
  createdAt: true,
});
export type TClientListItem = z.infer<typeof ZClientListItem>;

/**
 * GET /api/client and GET /api/client/search answer `{ clients, totalPage, nextCursor, prevCursor }`:
 * the cursors of the pages just after and just before this one (contracts/cursor.ts), null at
 * either end. `totalPage` may lag a few seconds behind clients added or closed elsewhere.
 */
export const ZClientList = z.object({
  clients: z.array(ZClientListItem),
  totalPage: z.number().int(),
  ...cursorPage,
});
export type TClientList = z.infer<typeof ZClientList>;

const page = z.coerce.number().int().min(1).max(1_000_000).default(1);
const limit = z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE);

/**
 * `?page&limit`, and at most one of `after` / `before` (a neighbouring page's cursor): with a cursor
 * the page is the one next to that page and `page` only names it; without, `page` is counted from
 * the start.
 */
export const ZClientListQuery = z
  .strictObject({ page, limit, ...cursorQuery })
  .refine(oneCursorAtMost, oneCursorAtMostError);
export type TClientListQuery = z.input<typeof ZClientListQuery>;

/** Longest search text; a name, an email or a phone number is far shorter. */
export const CLIENT_SEARCH_MAX = 100;

/** Client search runs only when the text is non-empty; the server refuses blank text. */
export const ZClientSearchQuery = z
  .strictObject({
    search: requiredText('clients.searchRequired', CLIENT_SEARCH_MAX),
    page,
    limit,
    ...cursorQuery,
  })
  .refine(oneCursorAtMost, oneCursorAtMostError);
export type TClientSearchQuery = z.input<typeof ZClientSearchQuery>;

/**
 * Add client: every field required, with the spec's own words where it names them;
 * the shapes (email, phone, country code, username characters, password length) are registration's.
 */
export const ZCreateClientInput = z.strictObject({
  firstname: requiredText('clients.firstnameRequired', 64),
  lastname: requiredText('clients.lastnameRequired', 64),
  username: requiredText('clients.usernameRequired', 30).pipe(ZUsername),
  email: ZEmail,
  phone: requiredText('clients.phoneRequired', 32).pipe(ZPhone),
  country: ZCountry,
  address: requiredText('clients.addressRequired', 200),
  password: ZNewPassword,
});
export type TCreateClientInput = z.input<typeof ZCreateClientInput>;

/** POST /api/admin/client answers 201 with the message and the new client. */
export const ZCreateClientResponse = z.object({ message: z.string(), user: ZUser });
export type TCreateClientResponse = z.infer<typeof ZCreateClientResponse>;

/** GET /api/admin/stats: the five summary cards of /admin, money in dollars. */
export const ZAdminStats = z.object({
  totalClients: z.number().int(),
  totalTransactions: z.number(),
  totalDeposits: z.number(),
  totalWithdrawals: z.number(),
  totalInvestments: z.number(),
});
export type TAdminStats = z.infer<typeof ZAdminStats>;

/** Longest period the charts can ask for. */
export const STATS_SERIES_MAX_DAYS = 366;

export const ZStatsSeriesQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(STATS_SERIES_MAX_DAYS).default(30),
});
export type TStatsSeriesQuery = z.input<typeof ZStatsSeriesQuery>;

/** One day of the charts (UTC date, `YYYY-MM-DD`), sums in dollars; a day without money is 0. */
export const ZStatsDay = z.object({
  date: z.string(),
  deposits: z.number(),
  withdrawals: z.number(),
  investments: z.number(),
});
export type TStatsDay = z.infer<typeof ZStatsDay>;

/** GET /api/admin/stats/series: the last `days` days, oldest first, today included. */
export const ZStatsSeries = z.object({ days: z.array(ZStatsDay) });
export type TStatsSeries = z.infer<typeof ZStatsSeries>;
