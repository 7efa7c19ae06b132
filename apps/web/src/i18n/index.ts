import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@meridian/contracts/constants';
import type { TMessageKey } from '@meridian/contracts/messages';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** Locale files: `locales/<language>/<namespace>.json`. English ships in the main bundle. */
const englishFiles = import.meta.glob<Record<string, unknown>>('./locales/en/*.json', {
  eager: true,
  import: 'default',
});
const otherFiles = import.meta.glob<Record<string, unknown>>(['./locales/*/*.json', '!./locales/en/*.json'], {
  import: 'default',
});

const namespaceOf = (path: string) => path.replace(/^.*\/([^/]+)\.json$/, '$1');
const english = Object.fromEntries(Object.entries(englishFiles).map(([p, data]) => [namespaceOf(p), data]));
export const NAMESPACES = Object.keys(english);

/** Other languages load on demand, one namespace file per request. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = otherFiles[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (data) => callback(null, data),
      (err: Error) => callback(err, null),
    );
  },
};

export const LANGUAGE_NAMES: Record<TLanguage, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  pt: 'Português',
  ru: 'Русский',
  ja: '日本語',
};

function initialLanguage(): TLanguage {
  const stored = readStorage(STORAGE_KEYS.language);
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as TLanguage;
  const browser = navigator.language.slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(browser) ? (browser as TLanguage) : DEFAULT_LANGUAGE;
}

export async function initI18n() {
  await i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: initialLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: NAMESPACES,
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources: { en: english },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', (language) => {
    writeStorage(STORAGE_KEYS.language, language);
    document.documentElement.lang = language;
  });
}

/**
 * A shared message key from contracts ("validation.emailRequired") as an i18next key
 * ("validation:emailRequired"). Unknown text (a server sentence) passes through unchanged.
 */
export function messageKey(key: TMessageKey | string): string {
  return /^[a-z]+\.[A-Za-z]+$/.test(key) ? key.replace('.', ':') : key;
}

export default i18n;
