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
 * Each language's texts are a chunk of their own, loaded before the app shows a page in that language
 * (`loadLanguage`): a page carries one language's texts, not both (docs/performance.md, "The public bundle").
 */
const LOADERS: Record<Lang, () => Promise<Record<string, string>>> = {
  ar: () => import('./ar.ts').then((m) => m.ar),
  en: () => import('./en.ts').then((m) => m.en),
};

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
  react: { useSuspense: false },
  returnNull: false,
});

const loading = new Map<Lang, Promise<void>>();

/** Whether a language's texts are there. */
export function languageLoaded(lang: Lang): boolean {
  return i18n.hasResourceBundle(lang, 'translation');
}

/** Fetches a language's texts once (later calls share the first); resolved at once when they are there. */
export function loadLanguage(lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return Promise.resolve();
  let pending = loading.get(lang);
  if (!pending) {
    pending = LOADERS[lang]().then(
      (texts) => {
        i18n.addResourceBundle(lang, 'translation', texts);
      },
      (error: unknown) => {
        loading.delete(lang); // a dropped connection: the next navigation asks again
        throw error;
      },
    );
    loading.set(lang, pending);
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
