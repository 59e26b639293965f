import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { QueryError } from '../../components/QueryError.tsx';
import { useConfig } from '../session/index.ts';

/** A simple public home until the full one (slides, news, events) is built: client name and a way to sign in. */
export function HomePage() {
  const { t } = useTranslation();
  usePageTitle('page.home');
  const lang = useLanguageStore((s) => s.lang);
  const config = useConfig();
  return (
    <Stack mt="lg" maw={720}>
      <Title order={1}>{config.data?.clientName[lang] ?? t('app.name')}</Title>
      <Text size="lg">{t('home.intro')}</Text>
      {config.isError && <QueryError query={config} />}
      <Paper withBorder p="lg" radius="md">
        <Stack align="flex-start">
          <Text>{t('home.registerPrompt')}</Text>
          <ButtonLink to="/$lang/register" params={{ lang }}>
            {t('home.register')}
          </ButtonLink>
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack align="flex-start">
          <Text>{t('home.loginPrompt')}</Text>
          <ButtonLink to="/$lang/login" params={{ lang }} variant="default">
            {t('app.signIn')}
          </ButtonLink>
        </Stack>
      </Paper>
    </Stack>
  );
}
