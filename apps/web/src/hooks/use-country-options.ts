import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@meridian/contracts/constants';
import { COUNTRY_CODES, type TCountryCode } from '@meridian/contracts/countries';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import countries, { type LocaleData } from 'i18n-iso-countries';

/** One chunk per language, fetched the first time the country list is shown in it. */
const localeLoaders: Record<TLanguage, () => Promise<{ default: LocaleData }>> = {
  en: () => import('i18n-iso-countries/langs/en.json'),
  es: () => import('i18n-iso-countries/langs/es.json'),
  fr: () => import('i18n-iso-countries/langs/fr.json'),
  de: () => import('i18n-iso-countries/langs/de.json'),
  it: () => import('i18n-iso-countries/langs/it.json'),
  pt: () => import('i18n-iso-countries/langs/pt.json'),
  ru: () => import('i18n-iso-countries/langs/ru.json'),
  ja: () => import('i18n-iso-countries/langs/ja.json'),
};

export interface TCountryOption {
  code: TCountryCode;
  name: string;
}

async function loadCountryOptions(language: TLanguage): Promise<TCountryOption[]> {
  const locale = await localeLoaders[language]();
  countries.registerLocale(locale.default);
  return COUNTRY_CODES.map((code) => ({ code, name: countries.getName(code, language) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, language),
  );
}

const asLanguage = (value: string | undefined): TLanguage =>
  (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as TLanguage) : DEFAULT_LANGUAGE;

/** The countries a client may choose, named and sorted in the current language. */
export function useCountryOptions(language: string | undefined) {
  const lang = asLanguage(language);
  return useQuery({
    queryKey: ['country-names', lang],
    queryFn: () => loadCountryOptions(lang),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    // While another language loads, keep showing the names already there.
    placeholderData: keepPreviousData,
  });
}
