import { AUDIT_ENUM_VALUES, AUDIT_FIELD_NAMES, type TAuditEnumKind } from '@meridian/contracts/audit';
import { AUDIT_ACTIONS } from '@meridian/contracts/balances';
import { LANGUAGES } from '@meridian/contracts/constants';
import { describe, expect, it } from 'vitest';
import { enumLabelKey, fieldLabelKey } from './audit-values';

/**
 * Every action the server may record, every field it writes into before/after
 * (`AUDIT_FIELDS` in contracts/audit.ts, which the server's audit-fields test holds to what is
 * written) and every value of an enumerated field has a label in each of the eight languages.
 */

const files = import.meta.glob<Record<string, unknown>>('../../../i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** The text of `ns:dotted.key` in `language`, or undefined. */
function textOf(language: string, fullKey: string): unknown {
  const [namespace, key] = fullKey.split(':') as [string, string];
  const file = files[`../../../i18n/locales/${language}/${namespace}.json`];
  let node: unknown = file;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

function missing(keys: readonly string[]): string[] {
  return LANGUAGES.flatMap((language) =>
    keys
      .filter((key) => {
        const text = textOf(language, key);
        return typeof text !== 'string' || text.trim() === '';
      })
      .map((key) => `${language}: ${key}`),
  );
}

describe('audit log labels', () => {
  it('finds the locale files', () => {
    expect(textOf('en', 'audit:title')).toBe('Audit log');
  });

  it('names every action the server can record, in every language', () => {
    expect(missing(AUDIT_ACTIONS.map((action) => `audit:actions.${action}`))).toEqual([]);
  });

  it('names every field the server writes into before/after, in every language', () => {
    expect(missing(AUDIT_FIELD_NAMES.map(fieldLabelKey))).toEqual([]);
  });

  it('names every value of a status, type or other enumerated field, in every language', () => {
    const keys = (Object.entries(AUDIT_ENUM_VALUES) as [TAuditEnumKind, readonly string[]][]).flatMap(
      ([kind, values]) => values.map((value) => enumLabelKey(kind, value)),
    );
    expect(missing(keys)).toEqual([]);
  });

  it('names a Yes/No value and a changed picture, in every language', () => {
    const keys = ['yes', 'no', 'picture.before', 'picture.after'].map((key) => `audit:values.${key}`);
    expect(missing(keys)).toEqual([]);
  });
});
