import { Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../app/stores/language.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

/** Mandatory after a first or reset login: the router keeps the user here until the change succeeds. */
export function ForceChangePasswordPage() {
  const { t } = useTranslation();
  const title = usePageTitle('page.forceChangePassword');
  const navigate = useNavigate();
  const lang = useLanguageStore((s) => s.lang);
  return (
    <Stack maw={520} mx="auto" mt="xl">
      <Title order={1}>{title}</Title>
      <Text>{t('password.forcedIntro')}</Text>
      <ChangePasswordForm onChanged={() => void navigate({ to: '/$lang/dashboard', params: { lang } })} />
    </Stack>
  );
}
