import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from './i18n/index.ts';

/** Sets <title> to "page – portal" in the current language, and again when the language changes. */
export function usePageTitle(key: TranslationKey): string {
  const { t, i18n } = useTranslation();
  const title = t(key);
  const appName = t('app.name');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language change must re-run it
  useEffect(() => {
    document.title = `${title} – ${appName}`;
  }, [title, appName, i18n.language]);
  return title;
}
