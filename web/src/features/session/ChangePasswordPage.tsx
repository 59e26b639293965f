import { Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

/** The change-password form under its heading (and an intro line), the dashboard next once it succeeds. */
export function PasswordChangeScreen({ titleKey, intro }: { titleKey: TranslationKey; intro?: string }) {
  const title = usePageTitle(titleKey);
  const navigate = useNavigate();
  const lang = useLanguageStore((s) => s.lang);
  return (
    <Stack maw={520} mx="auto" mt="xl">
      <Title order={1}>{title}</Title>
      {intro && <Text>{intro}</Text>}
      <ChangePasswordForm onChanged={() => void navigate({ to: '/$lang/dashboard', params: { lang } })} />
    </Stack>
  );
}

/** Voluntary change, opened from the user menu. */
export function ChangePasswordPage() {
  return <PasswordChangeScreen titleKey="page.changePassword" />;
}
