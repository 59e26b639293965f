import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '../../../../api/contracts/common.ts';
import type { ar } from './ar.ts';

export type { TranslationKey } from './ar.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ar };
    keySeparator: false;
    nsSeparator: false;
  }
}

/**
 * Each language's texts come in two chunks, loaded before the app shows a page in that language (`loadLanguage`): a
 * page carries one language's texts, not both, and a visitor's public page only the public part (public.ar.ts:
 * the shell and the public features); 'all' (ar.ts, which imports the public part) is every feature's
 * (docs/architecture.md, "The public site's shell and its bundle").
 */
export type Texts = 'public' | 'all';
const LOADERS: Record<Lang, Record<Texts, () => Promise<Record<string, string>>>> = {
  ar: {
    public: () => import('./public.ar.ts').then((m) => m.publicAr),
    all: () => import('./ar.ts').then((m) => m.ar),
  },
  en: {
    public: () => import('./public.en.ts').then((m) => m.publicEn),
    all: () => import('./en.ts').then((m) => m.en),
  },
};

/**
 * Pages whose texts are all in the public part (the address after the language: '/' is the home page). Every other
 * page, and every page of a signed-in user, loads all the texts. A key missing from what is loaded still loads the
 * rest (`missingKeyHandler` below), so a public page that uses a staff feature's text shows it a moment later.
 */
const PUBLIC_PAGES: ReadonlySet<string> = new Set(['/']);

/** Which texts a page needs: its address without the language and whether someone is signed in. */
export function textsFor(pageWithoutLang: string, signedIn: boolean): Texts {
  return !signedIn && PUBLIC_PAGES.has(pageWithoutLang) ? 'public' : 'all';
}

/** One i18next instance for the app; init is synchronous, each language's resources arrive with `loadLanguage`. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  lng: 'ar',
  fallbackLng: false,
  supportedLngs: ['ar', 'en'],
  initAsync: false,
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  // Texts added later (all of a language after its public part) re-render the components that use them.
  react: { useSuspense: false, bindI18nStore: 'added' },
  returnNull: false,
  // A key that is not loaded yet: load the rest of that language (once).
  saveMissing: true,
  missingKeyHandler: (lngs) => {
    for (const lng of lngs) if (lng === 'ar' || lng === 'en') void loadLanguage(lng).catch(() => undefined);
  },
});

const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();

/** Whether a language's texts (all of them, or at least the public part) are there. */
export function languageLoaded(lang: Lang, texts: Texts = 'all'): boolean {
  return loaded.has(`${lang}:all`) || loaded.has(`${lang}:${texts}`);
}

/** Fetches a language's texts once (later calls share the first); resolved at once when they are there. */
export function loadLanguage(lang: Lang, texts: Texts = 'all'): Promise<void> {
  if (languageLoaded(lang, texts)) return Promise.resolve();
  const id = `${lang}:${texts}`;
  let pending = loading.get(id);
  if (!pending) {
    pending = LOADERS[lang][texts]().then(
      (strings) => {
        i18n.addResourceBundle(lang, 'translation', strings, true, true);
        loaded.add(id);
      },
      (error: unknown) => {
        loading.delete(id); // a dropped connection: the next navigation asks again
        throw error;
      },
    );
    loading.set(id, pending);
  }
  return pending;
}

/** Both languages at once. */
export function loadAllLanguages(): Promise<void> {
  return Promise.all([loadLanguage('ar'), loadLanguage('en')]).then(() => undefined);
}

// Component tests render and switch languages synchronously: under vitest both are there on import (the build
// drops this branch).
if (import.meta.env.MODE === 'test') await loadAllLanguages();

/** Locale for Intl formatting: Arabic with Gregorian calendar and Arabic-Indic digits, English as written in Britain. */
export function intlLocale(lang: Lang): string {
  return lang === 'ar' ? 'ar-u-ca-gregory' : 'en-GB';
}
