import { create } from 'zustand';
import type { Lang } from '../../../../api/contracts/common.ts';
import { i18n } from '../i18n/index.ts';
import { applyDocumentLanguage, DEFAULT_LANG, langCookie } from '../language.ts';

export interface LanguageState {
  lang: Lang;
  /** Applies a language everywhere: i18next, <html lang dir>, and the 1-day cookie. */
  setLanguage(lang: Lang): void;
}

export const useLanguageStore = create<LanguageState>()((set) => ({
  lang: DEFAULT_LANG,
  setLanguage: (lang) => {
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    if (typeof document !== 'undefined') {
      applyDocumentLanguage(lang);
      // biome-ignore lint/suspicious/noDocumentCookie: one fixed, unescaped value; the Cookie Store API is not in every supported browser
      document.cookie = langCookie(lang);
    }
    set({ lang });
  },
}));
