import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@meridian/contracts/constants';
import type { TMessageKey } from '@meridian/contracts/messages';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * Locale files: `locales/<language>/<namespace>.json`. The English namespaces the public frame and
 * the home page paint with ship in the entry (`common` also holds the words of the screen shown when
 * a chunk fails to load, which cannot load more). Everything else loads on demand a whole language
 * at a time: `languages/<language>.ts` holds every namespace of its language and builds into one
 * chunk, so the first namespace asked for in a language fetches them all in one request (a
 * signed-in page needs all of them, docs/architecture.md). (Vite needs the patterns written out.)
 */
const englishFiles = import.meta.glob<Record<string, unknown>>('./locales/en/{common,public,home}.json', {
  eager: true,
  import: 'default',
});
const languageFiles = import.meta.glob<Record<string, Record<string, unknown>>>('./languages/*.ts', {
  import: 'default',
});

/** Locale files read by `import.meta.glob` (`./locales/en/common.json`), keyed by their namespace (`common`). */
function byNamespace(files: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(files).map(([path, data]) => [path.replace(/^.*\/([^/]+)\.json$/, '$1'), data]),
  );
}

const english = byNamespace(englishFiles);
/** The namespaces loaded before the first render, in every language. */
const FIRST_PAINT_NAMESPACES = Object.keys(english);

/** Each language's namespaces, fetched once (a failed fetch is tried again on the next ask). */
const bundles = new Map<string, Promise<Record<string, Record<string, unknown>>>>();

function languageBundle(language: string): Promise<Record<string, Record<string, unknown>>> {
  let bundle = bundles.get(language);
  if (!bundle) {
    const load = languageFiles[`./languages/${language}.ts`];
    bundle = load ? load().then(byNamespace) : Promise.resolve({});
    bundle.catch(() => bundles.delete(language));
    bundles.set(language, bundle);
  }
  return bundle;
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    languageBundle(language).then(
      (data) => callback(null, data[namespace] ?? {}),
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

/**
 * Settles once `initI18n` has run: namespaces asked for earlier (by the routes the router starts
 * loading as it is created, before the entry sets i18next up) wait for it.
 */
let markInitialised: () => void = () => {};
const initialised = new Promise<void>((resolve) => {
  markInitialised = resolve;
});

export async function initI18n() {
  await i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: initialLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: FIRST_PAINT_NAMESPACES,
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources: { en: english },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = i18n.language;
  markInitialised();
  // The rest follows once the page has painted and the browser is idle, so a message from another
  // area (a server error in `recovery:` or `kyc:` words) is there before anyone can trigger it.
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
  idle(() => void loadAllNamespaces());
  i18n.on('languageChanged', (language) => {
    writeStorage(STORAGE_KEYS.language, language);
    document.documentElement.lang = language;
  });
}

/** These namespaces in the current language (and English behind it), once i18next is set up. */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return initialised.then(() => i18n.loadNamespaces([...namespaces]));
}

let allLoaded: Promise<void> | undefined;

/**
 * Every namespace in the current language (and English behind it). The pages of the client and
 * admin areas wait for it before they render (their frame does not: it needs only its own few),
 * because they mix namespaces (`clients:` words inside an admin dialog, say), which a component's
 * own `useTranslation(ns)` would not load.
 */
export function loadAllNamespaces(): Promise<void> {
  // The English files name every namespace; the current language's chunk is fetched alongside.
  allLoaded ??= initialised.then(async () => {
    const [all] = await Promise.all([languageBundle(DEFAULT_LANGUAGE), languageBundle(i18n.language)]);
    await i18n.loadNamespaces(Object.keys(all));
  });
  allLoaded.catch(() => {
    allLoaded = undefined;
  });
  return allLoaded;
}

/**
 * A shared message key from contracts ("validation.emailRequired") as an i18next key
 * ("validation:emailRequired"). Unknown text (a server sentence) passes through unchanged.
 */
export function messageKey(key: TMessageKey | string): string {
  return /^[a-z][A-Za-z-]*\.[A-Za-z]+$/.test(key) ? key.replace('.', ':') : key;
}

export default i18n;
