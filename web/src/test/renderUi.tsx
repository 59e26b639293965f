import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { Lang } from '../../../api/contracts/common.ts';
import { AppProviders, createQueryClient } from '../app/App.tsx';
import { i18n } from '../app/i18n/index.ts';
import { applyDocumentLanguage } from '../app/language.ts';
import { useLanguageStore } from '../app/stores/language.ts';

/** One component inside the app's providers (Mantine with its direction, i18n, a query client) in `lang`. */
export function renderUi(ui: ReactElement, lang: Lang = 'en') {
  useLanguageStore.setState({ lang });
  void i18n.changeLanguage(lang);
  applyDocumentLanguage(lang);
  const queryClient = createQueryClient();
  return render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      {ui}
    </AppProviders>,
  );
}
