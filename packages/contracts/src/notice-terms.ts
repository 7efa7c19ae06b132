import { PAIR_DECIMALS, type TPair } from './pairs.ts';

/**
 * The platform's notices to a client (docs/money.md, "Notices"): what happened, as a key with its
 * parameters and a link to the record, never as words. The web app says it in the reader's current
 * language (the bell and the notifications page) and the server in the client's chosen language
 * (the email of a money notice), both from `notice-texts.ts`. An admin's own message stays the
 * admin's words. No schemas here: the bell is on every signed-in page's first render
 * (docs/architecture.md, "Schema-free contracts").
 */

/** How a parameter is written for the reader: each side formats it in the reader's language. */
export type TNoticeFormat =
  /** US dollars (a number with at most 2 decimals, as the API carries money). */
  | 'money'
  /** A result in US dollars, shown with its sign. */
  | 'signedMoney'
  /** A price of the notice's `pair`, with the pair's decimals. */
  | 'price'
  /** A percentage as entered (12.5 is 12.5%). */
  | 'percent'
  | 'count'
  /** A leverage n, written 1:n. */
  | 'leverage'
  /** Words as they are: a pair, a plan's or a method's name, a sequence such as 3–5. */
  | 'text';

const POSITION = {
  pair: 'text',
  amount: 'money',
  leverage: 'leverage',
  entryPrice: 'price',
  exitPrice: 'price',
  pnl: 'signedMoney',
  returned: 'money',
} as const;

const DECIDED_MONEY = { amount: 'money', method: 'text' } as const;
const ADJUSTMENT = { amount: 'money' } as const;

/** Every notice and the parameters its words use. */
export const NOTICE_PARAMS = {
  depositCompleted: DECIDED_MONEY,
  depositDeclined: DECIDED_MONEY,
  withdrawalCompleted: DECIDED_MONEY,
  withdrawalDeclined: DECIDED_MONEY,
  /** One or more payouts of one investment paid together: `payouts` is "3" or "3–5", of `of`. */
  payoutPaid: { amount: 'money', plan: 'text', payouts: 'text', of: 'count' },
  payoutRejected: { amount: 'money', plan: 'text', payouts: 'text', of: 'count' },
  investmentApproved: { amount: 'money', plan: 'text', interest: 'percent', days: 'count', payouts: 'count' },
  investmentDeclined: { amount: 'money', plan: 'text', returned: 'money' },
  investmentMatured: { amount: 'money', plan: 'text', returned: 'money' },
  positionExpired: POSITION,
  positionStoppedOut: POSITION,
  positionClosed: POSITION,
  positionClosedByDesk: POSITION,
  positionTakeProfit: POSITION,
  positionStopLoss: POSITION,
  /** The account's margin level fell below the close-out level: its largest losing position closed. */
  positionClosedOut: POSITION,
  /** The account's margin level fell below the margin-call level: `level` percent, its margin equity and used margin. */
  marginCall: { level: 'percent', equity: 'money', margin: 'money' },
  /** A price alert reached: `price` the tick's, `level` the alert's. */
  priceAlertAbove: { pair: 'text', price: 'price', level: 'price' },
  priceAlertBelow: { pair: 'text', price: 'price', level: 'price' },
  /** A pending order reached its `level` and opened a position at `fillPrice`. */
  orderFilled: { pair: 'text', level: 'price', fillPrice: 'price', amount: 'money', leverage: 'leverage' },
  /** A pending order's good-until time passed: its margin `amount` is back in the balance. */
  orderExpired: { pair: 'text', level: 'price', amount: 'money' },
  signalGain: { title: 'text', pair: 'text', target: 'price', entry: 'money', profit: 'money' },
  signalLoss: { title: 'text', pair: 'text', target: 'price', entry: 'money' },
  adjustmentCredit: ADJUSTMENT,
  adjustmentDebit: ADJUSTMENT,
  adjustmentProfit: ADJUSTMENT,
  adjustmentClear: ADJUSTMENT,
  kycApproved: {},
  kycRejected: {},
  upgradeApproved: { plan: 'text' },
  upgradeRejected: { plan: 'text' },
} as const satisfies Record<string, Record<string, TNoticeFormat>>;

export type TNoticeKey = keyof typeof NOTICE_PARAMS;
export const NOTICE_KEYS = Object.keys(NOTICE_PARAMS) as TNoticeKey[];

type TValueOf<F extends TNoticeFormat> = F extends 'text' ? string : number;

/**
 * The parameters of notice `K`; `reason` is the admin's or the platform's reason, when there is one,
 * shown on a line of its own ("Reason: …").
 */
export type TNoticeParamsOf<K extends TNoticeKey> = {
  -readonly [P in keyof (typeof NOTICE_PARAMS)[K]]: (typeof NOTICE_PARAMS)[K][P] extends TNoticeFormat
    ? TValueOf<(typeof NOTICE_PARAMS)[K][P]>
    : never;
} & { reason?: string };

/** A notice as it is stored and answered: its key, its parameters and the path of its record. */
export type TNotice = {
  [K in TNoticeKey]: { key: K; params: TNoticeParamsOf<K>; link: string | null };
}[TNoticeKey];

/** Parameters as stored (JSON): what the list answers for a notice. */
export type TStoredNoticeParams = Record<string, string | number>;

export const isNoticeKey = (key: string): key is TNoticeKey => Object.hasOwn(NOTICE_PARAMS, key);

/**
 * Notices that are also emailed: every one that moves or decides money. The KYC decision has an
 * email of its own (back-office/kyc); a plan upgrade moves nothing.
 */
const NOT_MAILED: ReadonlySet<TNoticeKey> = new Set([
  'kycApproved',
  'kycRejected',
  'upgradeApproved',
  'upgradeRejected',
]);
export const isMoneyNotice = (key: TNoticeKey): boolean => !NOT_MAILED.has(key);

/** The client-area pages a notice links to (the web's routes of the same paths). */
export const NOTICE_LINKS = {
  /** A history record: a deposit, withdrawal, investment, payout, position, signal trade or adjustment. */
  transaction: (id: string) => `/user/transaction/${id}`,
  kyc: '/user/kyc/status',
  plans: '/user/investmentplan',
  alerts: '/user/alerts',
  orders: '/user/orders',
  positions: '/user/positions',
} as const;

/** A link a notice may carry: a path of the client area, nothing else (never another site). */
export const isNoticeLink = (link: string): boolean => /^\/user\/[A-Za-z0-9/_-]*$/.test(link);

/** How one side writes each format in the reader's language (the web's kept formatters, the server's Intl). */
export interface TNoticeFormatter {
  money(dollars: number, signed: boolean): string;
  /** A number with exactly `decimals` decimals, or as it is when `decimals` is undefined. */
  number(value: number, decimals?: number): string;
  percent(value: number): string;
}

/**
 * The notice's parameters written for the reader, ready to put into its words. A parameter of a
 * key the reader's side does not know (stored by a newer server) is passed on as it is.
 */
export function noticeValues(key: TNoticeKey, params: TStoredNoticeParams, format: TNoticeFormatter) {
  const formats: Record<string, TNoticeFormat> = NOTICE_PARAMS[key];
  const pair =
    typeof params.pair === 'string' && Object.hasOwn(PAIR_DECIMALS, params.pair) ? (params.pair as TPair) : null;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const kind = formats[name] ?? 'text';
    if (typeof value === 'string' || kind === 'text') {
      values[name] = String(value);
      continue;
    }
    if (kind === 'money' || kind === 'signedMoney') values[name] = format.money(value, kind === 'signedMoney');
    else if (kind === 'price') values[name] = format.number(value, pair ? PAIR_DECIMALS[pair] : undefined);
    else if (kind === 'percent') values[name] = format.percent(value);
    else if (kind === 'leverage') values[name] = `1:${value}`;
    else values[name] = format.number(value);
  }
  return values;
}

/** Puts `values` into `{{name}}` places of `words`, as i18next does; an unknown name is left out. */
export function fillNotice(words: string, values: Record<string, string>): string {
  return words.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}
