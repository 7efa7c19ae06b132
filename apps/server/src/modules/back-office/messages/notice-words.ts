import type { TLanguage } from '@meridian/contracts/constants';
import {
  fillNotice,
  noticeValues,
  type TNoticeFormatter,
  type TNoticeKey,
  type TStoredNoticeParams,
} from '@meridian/contracts/notice-terms';
import { NOTICE_TEXTS } from '@meridian/contracts/notice-texts';

/**
 * A notice in words of one language, its parameters written that language's way: what its email
 * says, and in English what the row keeps for a reader that does not know the key. The web app
 * writes the same words from its locale files (contracts/notice-texts.ts).
 */

const formatters = new Map<string, Intl.NumberFormat>();

/** One Intl formatter per language and options, kept: a batch of notices formats thousands of values. */
function numberFormat(language: TLanguage, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    formatters.set(key, format);
  }
  return format;
}

/** The reader's formats: those of the web app (lib/format.ts), so the bell and the email agree. */
function formatterOf(language: TLanguage): TNoticeFormatter {
  return {
    money: (dollars, signed) =>
      numberFormat(language, { style: 'currency', currency: 'USD', signDisplay: signed ? 'always' : 'auto' }).format(
        dollars,
      ),
    number: (value, decimals) =>
      numberFormat(
        language,
        decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals },
      ).format(value),
    percent: (value) => numberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100),
  };
}

export interface TNoticeText {
  title: string;
  body: string;
  /** "Reason: …", when the notice has one. */
  reason: string | null;
}

export function noticeText(language: TLanguage, key: TNoticeKey, params: TStoredNoticeParams): TNoticeText {
  const texts = NOTICE_TEXTS[language];
  const words = texts.notices[key];
  const values = noticeValues(key, params, formatterOf(language));
  return {
    title: fillNotice(words.title, values),
    body: fillNotice(words.body, values),
    reason: values.reason ? fillNotice(texts.reason, values) : null,
  };
}
