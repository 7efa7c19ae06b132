import type { TMessageKey } from '@meridian/contracts/messages';
import { MARKET_PAIRS, PAIR_DECIMALS, type TPair } from '@meridian/contracts/pairs';
import {
  SIGNAL_MIN_ENTRY_DEFAULT,
  SIGNAL_SAMPLE_CLOSING_MINUTES,
  SIGNAL_SAMPLE_SCHEDULE_MINUTES,
  type TSignalInput,
  ZSignalInput,
} from '@meridian/contracts/signals';
import { dateTimeLocalToIso, startOfMinute, toDateTimeLocal } from './date-time-local';

/** What the form's inputs hold (text); the contract's schema checks it once converted. */
export interface TSignalFormValues {
  title: string;
  description: string;
  asset: TPair | '';
  entryPrice: string;
  targetPrice: string;
  percentageReturn: string;
  minEntryAmount: string;
  /** `datetime-local` values, in the admin's time zone. */
  scheduleTime: string;
  closingTime: string;
}
export type TSignalField = keyof TSignalFormValues;
export const SIGNAL_FIELDS: readonly TSignalField[] = [
  'title',
  'description',
  'asset',
  'entryPrice',
  'targetPrice',
  'percentageReturn',
  'minEntryAmount',
  'scheduleTime',
  'closingTime',
];

/** A blank form: only the minimum entry has its default (100). */
export function emptySignalForm(): TSignalFormValues {
  return {
    title: '',
    description: '',
    asset: '',
    entryPrice: '',
    targetPrice: '',
    percentageReturn: '',
    minEntryAmount: String(SIGNAL_MIN_ENTRY_DEFAULT),
    scheduleTime: '',
    closingTime: '',
  };
}

/** The form's values as the API takes them: the times as ISO with the browser's offset. */
export function toSignalInput(values: TSignalFormValues): TSignalInput {
  return {
    title: values.title,
    description: values.description,
    asset: values.asset as TPair,
    entryPrice: values.entryPrice.trim(),
    targetPrice: values.targetPrice.trim(),
    percentageReturn: values.percentageReturn.trim(),
    minEntryAmount: values.minEntryAmount.trim(),
    scheduleTime: dateTimeLocalToIso(values.scheduleTime),
    closingTime: dateTimeLocalToIso(values.closingTime),
  };
}

/** An empty input is "required", whatever a number read from it would otherwise be told. */
const REQUIRED: Partial<Record<TSignalField, TMessageKey>> = {
  entryPrice: 'validation.entryPriceRequired',
  targetPrice: 'validation.targetPriceRequired',
  percentageReturn: 'validation.percentageReturnRequired',
  minEntryAmount: 'validation.minEntryAmountRequired',
  scheduleTime: 'validation.scheduleTimeRequired',
  closingTime: 'validation.closingTimeRequired',
};

export type TSignalFormCheck =
  | { ok: true; input: TSignalInput }
  | { ok: false; errors: Partial<Record<TSignalField, TMessageKey>> };

/**
 * Checks the form as the server will (the contract's schema), plus a schedule time still in the
 * future at `now`: the first message of each field, as a key.
 */
export function checkSignalForm(values: TSignalFormValues, now: number): TSignalFormCheck {
  const input = toSignalInput(values);
  const errors: Partial<Record<TSignalField, TMessageKey>> = {};
  const parsed = ZSignalInput.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as TSignalField | undefined;
      if (field && SIGNAL_FIELDS.includes(field) && !errors[field]) errors[field] = issue.message as TMessageKey;
    }
  }
  for (const [field, key] of Object.entries(REQUIRED) as [TSignalField, TMessageKey][]) {
    if (values[field].trim() === '') errors[field] = key;
  }
  if (!errors.scheduleTime && input.scheduleTime && Date.parse(input.scheduleTime) <= now) {
    errors.scheduleTime = 'validation.scheduleInPast';
  }
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, input };
  return { ok: false, errors };
}

/** A price of `pair` as text with exactly the pair's decimals. */
export function priceText(pair: TPair, units: bigint): string {
  const decimals = PAIR_DECIMALS[pair];
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** The sample's target sits this far above its entry, in thousandths (0.5%). */
const SAMPLE_TARGET_PER_MILLE = 5n;
/** The sample's expected return, in percent. */
export const SAMPLE_RETURN = 5;

export interface TSampleSignalOptions {
  /** The pair chosen in the form, if any; otherwise the first pair. */
  pair: TPair | '';
  /** The pair's live price, if one is known. */
  price: number | undefined;
  now: number;
  title: string;
  description: string;
}

/**
 * Fill Sample Data: a call on the chosen (or first) pair at its live price, a target 0.5% above it,
 * a 5% return and the default minimum entry, opening 30 minutes from now and closing 4 hours from
 * now, to the minute. Without a live price the prices are left for the admin to type.
 */
export function sampleSignal({ pair, price, now, title, description }: TSampleSignalOptions): TSignalFormValues {
  const asset = pair || MARKET_PAIRS[0];
  const start = startOfMinute(now).getTime();
  const schedule = new Date(start + SIGNAL_SAMPLE_SCHEDULE_MINUTES * 60_000);
  const closing = new Date(start + SIGNAL_SAMPLE_CLOSING_MINUTES * 60_000);
  let entryPrice = '';
  let targetPrice = '';
  if (price !== undefined && Number.isFinite(price) && price > 0) {
    const entry = BigInt(Math.round(price * 10 ** PAIR_DECIMALS[asset]));
    const step = (entry * SAMPLE_TARGET_PER_MILLE + 500n) / 1000n;
    entryPrice = priceText(asset, entry);
    targetPrice = priceText(asset, entry + (step > 0n ? step : 1n));
  }
  return {
    title,
    description,
    asset,
    entryPrice,
    targetPrice,
    percentageReturn: String(SAMPLE_RETURN),
    minEntryAmount: String(SIGNAL_MIN_ENTRY_DEFAULT),
    scheduleTime: toDateTimeLocal(schedule),
    closingTime: toDateTimeLocal(closing),
  };
}
