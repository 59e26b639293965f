import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../app/i18n/index.ts';
import { useLanguageStore } from '../app/stores/language.ts';
import { usePageTitle } from '../app/usePageTitle.ts';

/**
 * What a page asks for first: the translation, its title (also the document's, `usePageTitle`) and the language,
 * `const { t, title, lang } = useScreen('page.hours')`, where each page called the three hooks one after the other.
 */
export function useScreen(titleKey: TranslationKey) {
  const { t } = useTranslation();
  const title = usePageTitle(titleKey);
  const lang = useLanguageStore((s) => s.lang);
  return { t, title, lang };
}
