import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@meridian/contracts/constants';
import { COUNTRY_CODES, type TCountryCode } from '@meridian/contracts/countries';
import { useQuery } from '@tanstack/react-query';
import { countryNames } from './use-country-name';

export interface TCountryOption {
  code: TCountryCode;
  name: string;
}

/** Every country a client may choose, by its everyday name in `language` ("China", not the official name), sorted. */
export function countryOptions(language: TLanguage): TCountryOption[] {
  const name = countryNames(language);
  return COUNTRY_CODES.map((code) => ({ code, name: name(code) })).sort((a, b) =>
    a.name.localeCompare(b.name, language),
  );
}

const asLanguage = (value: string | undefined): TLanguage =>
  (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as TLanguage) : DEFAULT_LANGUAGE;

/** The countries a client may choose, named and sorted in the current language (computed once per language). */
export function useCountryOptions(language: string | undefined) {
  const lang = asLanguage(language);
  return useQuery({
    queryKey: ['country-names', lang],
    queryFn: () => countryOptions(lang),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
