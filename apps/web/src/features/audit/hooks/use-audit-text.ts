import { AUDIT_ENUM_VALUES } from '@meridian/contracts/audit';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryName } from '@/hooks/use-country-name';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { numberFormat } from '@/lib/format';
import { dollarsOf, enumLabelKey, fieldLabelKey, humaniseKey, isBlank, kindOf } from '../utils/audit-values';

/** Which state of an audit entry a value comes from. */
export type TAuditSide = 'before' | 'after';

export interface TAuditText {
  /** An action's name (`client.verify` → "Verified"). */
  action: (action: string) => string;
  /** A before/after field's label (`withdrawalHold` → "Withdrawal hold"). */
  field: (field: string) => string;
  /** A field's value, read by its kind: dates, money, Yes/No, statuses, countries, records. */
  value: (field: string, value: unknown, side: TAuditSide) => string;
}

const DASH = '—';

/**
 * The words of the audit log in the reader's language. Every action and every field the server
 * writes has a label (contracts/audit.ts, checked by tests); an entry of an older version that
 * names something else still reads as words ("Withdrawal hold"), never as a code.
 */
export function useAuditText(): TAuditText {
  const { t, i18n } = useTranslation('audit');
  const format = useLocaleFormat();
  const countryName = useCountryName();
  const locale = i18n.resolvedLanguage ?? 'en';

  return useMemo(() => {
    const action = (code: string) => t(`actions.${code}`, { defaultValue: humaniseKey(code.replace(/\./g, ' ')) });

    const field = (name: string) => t(fieldLabelKey(name), { defaultValue: humaniseKey(name) });

    const record = (data: object, side: TAuditSide): string => {
      if (Array.isArray(data)) return data.map((item) => value('', item, side)).join(', ') || DASH;
      const entries = Object.entries(data);
      const named = entries.find(([key]) => key === 'name')?.[1];
      if (typeof named === 'string' && named) return named; // a method, a plan
      const first = entries.find(([key]) => key === 'firstname')?.[1];
      const last = entries.find(([key]) => key === 'lastname')?.[1];
      if (typeof first === 'string' || typeof last === 'string') return `${first ?? ''} ${last ?? ''}`.trim() || DASH;
      const shown = entries
        .filter(([key, inner]) => !isBlank(inner) && kindOf(key, inner) !== 'id')
        .map(([key, inner]) => `${field(key)}: ${value(key, inner, side)}`);
      return shown.join(' · ') || DASH;
    };

    const value = (name: string, raw: unknown, side: TAuditSide): string => {
      if (isBlank(raw)) return DASH;
      const kind = kindOf(name, raw);
      switch (kind) {
        case 'dateTime':
          return typeof raw === 'string' ? format.dateTime(raw) : String(raw);
        case 'money': {
          const dollars = dollarsOf(raw);
          return dollars === null ? String(raw) : format.money(dollars);
        }
        case 'boolean':
          return typeof raw === 'boolean' ? t(raw ? 'values.yes' : 'values.no') : String(raw);
        case 'country':
          return typeof raw === 'string' ? countryName(raw) : String(raw);
        case 'image':
          return t(side === 'before' ? 'values.picture.before' : 'values.picture.after');
        case 'id':
          return typeof raw === 'string' ? `#${raw.slice(-8)}` : String(raw);
        case 'number':
          return typeof raw === 'number' ? numberFormat(locale).format(raw) : String(raw);
        case 'record':
        case 'text':
          return typeof raw === 'object' && raw !== null ? record(raw, side) : String(raw);
        default: {
          const known: readonly string[] = AUDIT_ENUM_VALUES[kind];
          return typeof raw === 'string' && known.includes(raw)
            ? t(enumLabelKey(kind, raw), { defaultValue: humaniseKey(raw) })
            : String(raw);
        }
      }
    };

    return { action, field, value };
  }, [t, format, countryName, locale]);
}
