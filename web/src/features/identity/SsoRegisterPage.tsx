import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../app/layout/links.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useScreen } from '../../lib/useScreen.ts';
import { pendingIdentityQuery } from './api.ts';

/** /$lang/sso/register: a citizen signed on whom the portal does not know; verification comes first, then the form. */
export function SsoRegisterPage() {
  const { t, title, lang } = useScreen('page.ssoRegister');
  const pending = useQuery(pendingIdentityQuery);
  return (
    <Stack maw={560} mx="auto" mt="xl">
      <Title order={1}>{title}</Title>
      {!pending.data ? (
        <QueryState query={pending} />
      ) : pending.data.viaSso && pending.data.nationalId ? (
        <Paper withBorder p="lg" radius="md">
          <Stack>
            <Text>{t('sso.register.intro', { nationalId: pending.data.nationalId })}</Text>
            <Text>{t('sso.register.next')}</Text>
            <ButtonLink to="/$lang/user-verification" params={{ lang }} data-testid="sso-register-verify">
              {t('sso.register.verify')}
            </ButtonLink>
          </Stack>
        </Paper>
      ) : (
        <Alert color="yellow" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('sso.register.none')}</Text>
            <ButtonLink to="/$lang/login" params={{ lang }} size="xs" variant="default">
              {t('app.signIn')}
            </ButtonLink>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
