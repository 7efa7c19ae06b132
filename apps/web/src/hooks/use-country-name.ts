import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Country names from the browser's own data (Intl.DisplayNames, CLDR): the everyday name in any
 * language, nothing to download. A code it does not know is shown as it is.
 */
export function countryNames(language: string): (code: string) => string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  } catch {
    names = undefined;
  }
  return (code) => {
    if (!code) return '—';
    try {
      return names?.of(code.toUpperCase()) ?? code;
    } catch {
      return code;
    }
  };
}

/** A country's name from its ISO code, in the reader's language; the code itself if unknown. */
export function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => countryNames(language), [language]);
}
