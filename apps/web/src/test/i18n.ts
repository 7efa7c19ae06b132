import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@meridian/contracts/constants';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Every locale file of the app, read into the test bundle: `./locales/<language>/<namespace>.json`. */
const files = import.meta.glob<Record<string, unknown>>('../i18n/locales/*/*.json', { eager: true, import: 'default' });

const resources: Resource = {};
for (const [path, data] of Object.entries(files)) {
  const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (!language || !namespace) continue;
  resources[language] ??= {};
  resources[language][namespace] = data;
}

/** Every namespace the app has (the English files name them all). */
export const TEST_NAMESPACES = Object.keys(resources[DEFAULT_LANGUAGE] ?? {});

/**
 * The app's i18next instance (the one `react-i18next` hooks read), started synchronously with every
 * namespace of every language, English behind the chosen one, as the app is once `loadAllNamespaces`
 * has run. Called once by the setup file; `setTestLanguage` switches between tests.
 */
export function initTestI18n(): void {
  if (i18n.isInitialized) return;
  void i18n.use(initReactI18next).init({
    initAsync: false,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: TEST_NAMESPACES,
    defaultNS: 'common',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });
}

/** Switches the language (synchronously: every resource is there) and the page's `lang`. */
export function setTestLanguage(language: TLanguage): void {
  void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The text of `namespace:key` in `language`, as a component would show it; for expectations. */
export function textOf(key: string, options: Record<string, unknown> = {}, language: TLanguage = 'en'): string {
  return i18n.getFixedT(language)(key, options) as string;
}

export { i18n };
