import { Stack, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useLanguageStore } from '../../app/stores/language.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

/** Voluntary change, opened from the user menu. */
export function ChangePasswordPage() {
  const title = usePageTitle('page.changePassword');
  const navigate = useNavigate();
  const lang = useLanguageStore((s) => s.lang);
  return (
    <Stack maw={520} mx="auto" mt="xl">
      <Title order={1}>{title}</Title>
      <ChangePasswordForm onChanged={() => void navigate({ to: '/$lang/dashboard', params: { lang } })} />
    </Stack>
  );
}
