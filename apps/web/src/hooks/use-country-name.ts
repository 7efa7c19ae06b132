import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The browser's own country names (Intl.DisplayNames): no data to download, any language. */
function displayNames(language: string): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames([language, 'en'], { type: 'region' });
  } catch {
    return undefined;
  }
}

/** A country's name from its ISO code, in the reader's language; the code itself if unknown. */
export function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const names = displayNames(language);
    return (code: string) => {
      if (!code) return '—';
      try {
        return names?.of(code.toUpperCase()) ?? code;
      } catch {
        return code;
      }
    };
  }, [language]);
}
