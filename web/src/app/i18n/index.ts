import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '../../../../api/contracts/common.ts';
import { ar } from './ar.ts';
import { en } from './en.ts';

export type { TranslationKey } from './ar.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ar };
    keySeparator: false;
    nsSeparator: false;
  }
}

export const resources = { ar: { translation: ar }, en: { translation: en } } as const;

/** One i18next instance for the app; resources are bundled, so init and changeLanguage finish synchronously. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
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

/** Locale for Intl formatting: Arabic with Gregorian calendar and Arabic-Indic digits, English as written in Britain. */
export function intlLocale(lang: Lang): string {
  return lang === 'ar' ? 'ar-u-ca-gregory' : 'en-GB';
}
