import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';

// A file of its own: the dashboard shows it without loading the registration pages.
/** No registration yet: say so, and open the form that starts one. */
export function StartRegistration() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  return (
    <Alert color="blue" variant="light" title={t('myReg.none')} data-testid="start-registration">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('myReg.startHint')}</Text>
        <ButtonLink to="/$lang/registration/edit" params={{ lang }}>
          {t('myReg.start')}
        </ButtonLink>
      </Stack>
    </Alert>
  );
}
